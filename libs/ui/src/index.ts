export { Button, buttonClassName, type ButtonProps, type ButtonVariant } from './button/button';
export { Dialog, type DialogProps } from './dialog/dialog';
export { ConfirmDialog, type ConfirmDialogProps } from './dialog/confirm-dialog';
export { Spinner, type SpinnerProps } from './feedback/spinner';
export {
  LoadingGroup,
  Skeleton,
  type LoadingGroupProps,
  type SkeletonProps,
} from './feedback/skeleton';
export { EmptyState, type EmptyStateProps } from './feedback/empty-state';
export { ErrorState, type ErrorStateProps } from './feedback/error-state';
export { Field, SelectField, type FieldProps, type SelectFieldProps } from './field/field';
export { PageTitle, type PageTitleProps } from './typography/page-title';
export { useDocumentTitle } from './typography/use-document-title';
export { Stars, type StarsProps } from './typography/stars';
export { classNames } from './class-names';
export { TableProduct } from './table/table-product';
export { Badge, type BadgeTone } from './table/badge';
export {
  imageSrcSet,
  ProductImage,
  resolveImageSrc,
  setImageBase,
  IMAGE_PLACEHOLDER,
  type ProductImageProps,
} from './image/product-image';
export { visuallyHidden } from './visually-hidden';
export { useHydrated } from './hydration/use-hydrated';
