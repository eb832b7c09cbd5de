// What a browser does in the single-sign-on flow: GET the authorize page, POST its form with
// account and password, follow the redirect to the CLI's loopback address.

function field(page, name) {
  const match = new RegExp(`name="${name}" value="([^"]*)"`).exec(page);
  if (!match) throw new Error(`the sign-in page has no field ${name}`);
  return match[1].replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code)));
}

/** Returns the loopback page's status and text. */
export async function playBrowser(authorizeUrl, account, password) {
  const page = await (await fetch(authorizeUrl)).text();
  const form = new URLSearchParams({
    redirect_uri: field(page, 'redirect_uri'),
    state: field(page, 'state'),
    account,
    password,
  });
  const action = new URL(authorizeUrl);
  action.search = '';
  const posted = await fetch(action, { method: 'POST', body: form, redirect: 'manual' });
  const location = posted.headers.get('location');
  if (posted.status !== 302 || !location)
    throw new Error(`sign-in refused (${posted.status}): ${await posted.text()}`);
  const landing = await fetch(location);
  return { status: landing.status, text: await landing.text(), location };
}
