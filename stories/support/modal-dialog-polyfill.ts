/**
 * jsdom has no modal dialogs: the story tests give <dialog> the part of showModal() the screens
 * rely on (open/close, and Escape sending a cancelable `cancel`, closing the dialog unless it is
 * prevented, as a browser does). Real browsers, Storybook's included, keep their own.
 */
export function installModalDialogPolyfill(): void {
  if (typeof HTMLDialogElement === 'undefined' || 'showModal' in HTMLDialogElement.prototype) return;
  const proto = HTMLDialogElement.prototype as HTMLDialogElement & Record<string, unknown>;
  Object.defineProperty(proto, 'open', {
    configurable: true,
    get(this: HTMLDialogElement) {
      return this.hasAttribute('open');
    },
    set(this: HTMLDialogElement, value: boolean) {
      this.toggleAttribute('open', Boolean(value));
    },
  });
  Object.assign(proto, {
    showModal(this: HTMLDialogElement) {
      this.setAttribute('open', '');
    },
    show(this: HTMLDialogElement) {
      this.setAttribute('open', '');
    },
    close(this: HTMLDialogElement) {
      if (!this.hasAttribute('open')) return;
      this.removeAttribute('open');
      this.dispatchEvent(new Event('close'));
    },
  });
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    const open = [...document.querySelectorAll('dialog[open]')].at(-1) as HTMLDialogElement | undefined;
    if (open?.dispatchEvent(new Event('cancel', { cancelable: true }))) open.close();
  });
}
