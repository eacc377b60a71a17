import { request as httpRequest } from 'node:http';

/** Multipart upload bodies for app.inject, encoded by the platform's FormData; and an upload sent on a real socket. */
export interface UploadBody {
  payload: Buffer;
  headers: { 'content-type': string };
  boundary: string;
}

export async function uploadForm(
  file: Buffer | null,
  fields: Record<string, string | number | boolean> = {},
  filename = 'logo.png',
): Promise<UploadBody> {
  const form = new FormData();
  if (file) form.append('file', new Blob([new Uint8Array(file)], { type: 'image/png' }), filename);
  for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const contentType = request.headers.get('content-type') ?? '';
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': contentType },
    boundary: contentType.split('boundary=')[1] ?? '',
  };
}

/**
 * Starts an upload whose request is wholly sent before this returns (so it reaches the server before
 * any later one), and the promise of how it ended: its status, or "connection lost".
 */
export async function uploadInFlight(base: string, image: Buffer, headers: Record<string, string>) {
  const form = await uploadForm(image);
  const req = httpRequest(`${base}/api/vectorize`, { method: 'POST', headers: { ...headers, ...form.headers } });
  const ended = new Promise<string>((resolve) => {
    req.on('response', (res) => {
      res.resume();
      resolve(`answered ${res.statusCode ?? 0}`);
    });
    req.on('error', () => {
      resolve('connection lost');
    });
  });
  await new Promise<void>((resolve) => req.end(form.payload, resolve));
  return { ended };
}
