import { type CSSProperties, useEffect, useState } from 'react';
import { useClient } from '../app/client';

/** A stored file as an object URL for the page (null until fetched, or when refused). */
export function useFileUrl(fileName: string | null | undefined): string | null {
  const client = useClient();
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!fileName) {
      setUrl(null);
      return;
    }
    let made: string | null = null;
    let cancelled = false;
    client.files.downloadFile
      .download({ query: { fileName } })
      .then(async (result) => {
        const blob = new Blob([await result.arrayBuffer()], { type: result.contentType });
        if (cancelled) return;
        made = URL.createObjectURL(blob);
        setUrl(made);
      })
      .catch(() => setUrl(null));
    return () => {
      cancelled = true;
      if (made) URL.revokeObjectURL(made);
    };
  }, [client, fileName]);
  return url;
}

export function FileImage({
  fileName,
  alt,
  style,
}: {
  fileName: string | null | undefined;
  alt: string;
  style?: CSSProperties;
}) {
  const url = useFileUrl(fileName);
  if (!url) return null;
  return <img src={url} alt={alt} style={{ objectFit: 'cover', ...style }} />;
}
