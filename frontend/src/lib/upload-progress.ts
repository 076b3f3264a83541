/** Whether `fetch` is the browser's own: a replaced one (a test double, a polyfill) is used as it is. */
function nativeFetch(): boolean {
  return typeof XMLHttpRequest === 'function' && Function.prototype.toString.call(globalThis.fetch).includes('[native code]');
}

/**
 * A `fetch` that reports how much of the request's body has gone up, for the generated client's `fetch`
 * option: XMLHttpRequest's upload events, which `fetch` lacks. `onProgress` gets a fraction from 0 to 1.
 */
export function progressFetch(onProgress: (fraction: number) => void): typeof fetch {
  return async (input, init) => {
    if (!nativeFetch()) return globalThis.fetch(input, init);
    const request = new Request(input, init);
    const body = request.method === 'GET' || request.method === 'HEAD' ? null : await request.arrayBuffer();
    return new Promise<Response>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(request.method, request.url);
      xhr.withCredentials = request.credentials === 'include';
      xhr.responseType = 'blob';
      request.headers.forEach((value, name) => {
        xhr.setRequestHeader(name, value);
      });
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
      };
      xhr.upload.onload = () => {
        onProgress(1);
      };
      xhr.onload = () => {
        const headers = new Headers();
        for (const line of xhr.getAllResponseHeaders().trim().split(/[\r\n]+/)) {
          const at = line.indexOf(':');
          if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
        }
        const empty = xhr.status === 204 || xhr.status === 304;
        resolve(new Response(empty ? null : (xhr.response as Blob), { status: xhr.status, statusText: xhr.statusText, headers }));
      };
      xhr.onerror = () => {
        reject(new TypeError('Network request failed'));
      };
      xhr.onabort = () => {
        reject(new DOMException('Aborted', 'AbortError'));
      };
      request.signal.addEventListener('abort', () => {
        xhr.abort();
      });
      xhr.send(body);
    });
  };
}
