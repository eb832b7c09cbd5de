export function SparePartStatisticPage() {
  return null;
}
