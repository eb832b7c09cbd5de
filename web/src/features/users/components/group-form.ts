/** A user group's logo: the stored file name of its customConfig. */
import type { UserGroup } from '@eem/contract';

/** The logo's stored name: customConfig {fileName} (JSON text), else `logo`. */
export function logoOf(group: Pick<UserGroup, 'customConfig' | 'logo'>): string | null {
  try {
    const parsed: unknown = JSON.parse(group.customConfig || '{}');
    if (typeof parsed === 'object' && parsed !== null && 'fileName' in parsed) {
      const name = (parsed as { fileName: unknown }).fileName;
      if (typeof name === 'string' && name) return name;
    }
  } catch {
    // not JSON: fall back to the logo field
  }
  return group.logo;
}
