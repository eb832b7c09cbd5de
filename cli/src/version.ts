/** The version `eem --version` prints; a unit test keeps it equal to cli/package.json. */
export const VERSION = '0.1.0';
