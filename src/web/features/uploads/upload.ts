import { ApiError } from "@/lib/api-client.ts";
import { messages } from "../../../shared/messages.ts";
import type { ApiErrorBody } from "../../../shared/schemas/common.ts";
import type { FilePurpose, UploadedFile } from "../../../shared/schemas/file.ts";

/**
 * Sends a file to POST /api/files, reporting progress: 10 when sending starts, 100 when stored. Aborting
 * the signal stops the request and rejects with an AbortError.
 */
export function uploadFile(
  file: File,
  purpose: FilePurpose,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<UploadedFile> {
  return new Promise((resolve, reject) => {
    const aborted = () => new DOMException("The upload was cancelled.", "AbortError");
    if (signal?.aborted) {
      reject(aborted());
      return;
    }
    const xhr = new XMLHttpRequest();
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.onabort = () => reject(aborted());
    xhr.open("POST", "/api/files");
    xhr.responseType = "json";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable)
        onProgress(Math.max(10, Math.min(99, Math.round((event.loaded / event.total) * 100))));
    };
    xhr.onload = () => {
      if (xhr.status === 201) {
        onProgress(100);
        resolve((xhr.response as { file: UploadedFile }).file);
        return;
      }
      const error = (xhr.response as ApiErrorBody | null)?.error;
      reject(
        new ApiError(xhr.status, error?.code ?? "UNKNOWN", error?.message || messages.images.uploadFailed),
      );
    };
    xhr.onerror = () => reject(new ApiError(0, "NETWORK", messages.generic.offline));
    const form = new FormData();
    form.set("purpose", purpose);
    form.set("file", file);
    onProgress(10);
    xhr.send(form);
  });
}
