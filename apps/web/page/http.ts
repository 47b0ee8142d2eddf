import type { ApiError } from '../src/view/api';

/** A failure the page shows as it is: one plain sentence. */
export class PageError extends Error {}

/** GETs a JSON document of the web service; a failure becomes one plain sentence. */
export async function getJson<T>(path: string): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path);
  } catch {
    throw new PageError('The web service cannot be reached: is the system running?');
  }
  const body = (await response.json().catch(() => null)) as T | ApiError | null;
  if (!response.ok) {
    throw new PageError(body && typeof body === 'object' && 'error' in body ? body.error : `The web service answered ${response.status} to ${path}.`);
  }
  return body as T;
}

export function showError(error: unknown): void {
  const box = document.getElementById('error')!;
  box.textContent = error instanceof PageError ? error.message : `Something went wrong on this page: ${error instanceof Error ? error.message : String(error)}.`;
  box.style.display = 'block';
}

export function clearError(): void {
  document.getElementById('error')!.style.display = 'none';
}
