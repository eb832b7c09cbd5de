export function SparePartManagePage() {
  return null;
}
