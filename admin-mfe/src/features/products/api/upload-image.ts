// POST /images: an admin's picture, stored by the API as WebP variants; answers the link to use.
import { useMutation } from '@tanstack/react-query';
import { api, ApiError } from '@toolshop/auth';
import { ImageMessages } from '@toolshop/contracts';

export interface UploadedImage {
  /** The largest variant's link: what the product's image link takes. */
  url: string;
  widths: number[];
}

async function uploadImage(file: File): Promise<UploadedImage> {
  try {
    return await api.upload<UploadedImage>('/images', file);
  } catch (error) {
    // The API's own message (wrong type, too large, damaged); anything else (offline) in plain words.
    throw new Error(error instanceof ApiError ? error.message : ImageMessages.uploadFailed, {
      cause: error,
    });
  }
}

/** The upload shows its error at the field itself (quiet), its success as a toast. */
export function useUploadImage() {
  return useMutation({
    mutationFn: uploadImage,
    meta: { quiet: true, success: ImageMessages.uploaded },
  });
}
