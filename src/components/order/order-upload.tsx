import { FileUpload } from '@/components/files/file-upload';
import type { LoadedOrder } from '@/components/order/order-frame';

/** The order's upload, driven by its machine: busy while uploading, the outcome announced. */
export function OrderUpload({ order, label, id }: { order: LoadedOrder; label: string; id?: string }) {
  const { state, send } = order;
  return (
    <div id={id} className="order-upload">
      <FileUpload
        label={label}
        busy={state.matches('uploading')}
        outcome={state.context.upload}
        count={state.context.uploads}
        queued={state.context.queued.length}
        onUpload={(files) => send({ type: 'files.upload', files })}
      />
    </div>
  );
}
