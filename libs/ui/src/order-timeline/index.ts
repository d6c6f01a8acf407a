// An order's history and state badge: only the order pages need them, so they are a subpath of
// their own (`@toolshop/ui/orders`, bundled by the remotes that use it), not part of the shared
// `@toolshop/ui` every page loads.
export {
  OrderTimeline,
  timelineOf,
  actorText,
  unitsText,
  type OrderTimelineProps,
  type TimelineAudience,
} from './order-timeline';
export { OrderStateBadge, ORDER_STATE_TONES } from './order-state-badge';
export {
  UnitsPicker,
  allUnitsPicked,
  pickedLines,
  type PickedUnits,
  type UnitsPickerProps,
} from './units-picker';
export { ReasonField, useRequiredReason } from './reason-field';
