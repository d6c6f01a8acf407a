import {
  IMAGE_UPLOAD_MAX_BYTES,
  ImageMessages,
  imageFileError,
  imageVariantPath,
  uploadedImageVariants,
  variantWidths,
} from './index';

describe('image variants', () => {
  it('makes every standard width below the picture and never upscales', () => {
    expect(variantWidths(4000)).toEqual([320, 640, 960, 1280]);
    expect(variantWidths(1280)).toEqual([320, 640, 960, 1280]);
    expect(variantWidths(700)).toEqual([320, 640, 700]);
    expect(variantWidths(200)).toEqual([200]);
  });

  it('derives the variants from the link of the largest one, as the upload answers it', () => {
    const id = '0123456789abcdef01234567';
    expect(imageVariantPath(id, 700)).toBe(`/images/${id}/700.webp`);
    expect(uploadedImageVariants(`http://localhost:5000/images/${id}/700.webp`)).toEqual([
      { url: `http://localhost:5000/images/${id}/320.webp`, width: 320 },
      { url: `http://localhost:5000/images/${id}/640.webp`, width: 640 },
      { url: `http://localhost:5000/images/${id}/700.webp`, width: 700 },
    ]);
    expect(uploadedImageVariants(`/images/${id}/1280.webp`)).toHaveLength(4);
  });

  it('leaves every other link alone', () => {
    for (const link of [
      'http://localhost:5000/images/drill.webp',
      'https://images.example/photo.webp',
      '/images/0123456789abcdef01234567/0.webp',
      '/images/0123456789abcdef01234567/640.png',
      '/images/not-an-id/640.webp',
    ]) {
      expect(uploadedImageVariants(link)).toBeUndefined();
    }
  });
});

describe('imageFileError', () => {
  it('lets JPEG, PNG and WebP up to 5 MB through and names what else is wrong', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp']) {
      expect(imageFileError({ type, size: IMAGE_UPLOAD_MAX_BYTES })).toBeUndefined();
    }
    expect(imageFileError({ type: 'image/gif', size: 10 })).toBe(ImageMessages.wrongType);
    expect(imageFileError({ type: '', size: 10 })).toBe(ImageMessages.wrongType);
    expect(imageFileError({ type: 'image/png', size: IMAGE_UPLOAD_MAX_BYTES + 1 })).toBe(
      ImageMessages.tooLarge,
    );
  });
});
