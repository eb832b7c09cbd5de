export function playBrowser(
  authorizeUrl: string,
  account: string,
  password: string,
): Promise<{ status: number; text: string; location: string }>;
