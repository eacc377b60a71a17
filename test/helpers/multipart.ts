/** Multipart upload bodies for app.inject, encoded by the platform's FormData. */
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
