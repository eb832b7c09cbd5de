export function EquipTemplatePage() {
  return null;
}
