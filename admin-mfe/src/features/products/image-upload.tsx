import { useState, type ChangeEvent } from 'react';
import { IMAGE_UPLOAD_TYPES, imageFileError } from '@toolshop/contracts';
import { Field } from '@toolshop/ui';
import { useUploadImage } from './api/upload-image';

interface ImageUploadProps {
  /** Called with the uploaded picture's link (the product's image link takes it). */
  onUploaded: (link: string) => void;
}

/**
 * Beside the image link: choose a JPEG, PNG or WebP of at most 5 MB; the same messages as the API
 * for a wrong type or size before anything is sent; on success the link field is filled (and the
 * preview shows the picture).
 */
export function ImageUpload({ onUploaded }: ImageUploadProps) {
  const [problem, setProblem] = useState<string | undefined>();
  const upload = useUploadImage();

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setProblem(undefined);
    upload.reset();
    if (!file) return;
    const refused = imageFileError(file);
    if (refused) {
      setProblem(refused);
      return;
    }
    upload.mutate(file, {
      onSuccess: (image) => onUploaded(image.url),
      onError: (error) => setProblem(error.message),
    });
  };

  return (
    <Field
      label="Or upload an image"
      name="imageFile"
      type="file"
      accept={IMAGE_UPLOAD_TYPES.join(',')}
      hint={upload.isPending ? 'Uploading…' : 'JPEG, PNG or WebP, up to 5 MB'}
      error={problem}
      disabled={upload.isPending}
      aria-busy={upload.isPending}
      onChange={choose}
    />
  );
}
