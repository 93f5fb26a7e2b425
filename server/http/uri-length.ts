/**
 * A request whose URL (path and query) is longer than MAX_URL_BYTES answers 414 in the API's
 * error shape, whatever it asks for. No address of this app comes near it; without the check a
 * long path reaches the static files, whose file-system look-up fails (name too long) and
 * answers a bare 403. Node itself refuses request heads over 16 KB with a 431.
 */
import { HttpError } from '@server/http/http-error';
import { namedPlugin } from '@server/plugins/named-plugin';

export const MAX_URL_BYTES = 4096;

export const uriLength = namedPlugin('uri-length', async (app) => {
  // A callback hook, not an async one: no promise per request (issue 17).
  app.addHook('onRequest', (request, _reply, done) => {
    // request.url is as sent (percent-encoded ASCII), so its length is its size in bytes.
    if (request.url.length > MAX_URL_BYTES) {
      done(new HttpError(414, `The address is longer than the ${MAX_URL_BYTES} bytes allowed`));
      return;
    }
    done();
  });
});
