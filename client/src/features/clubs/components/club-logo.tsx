// The club logo: the uploaded image (served only with the session headers, so fetched and shown from an object
// URL), or a placeholder with the club's initial until one is uploaded.
import { Box, Flex, Image } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { authHeaders } from '../../../lib/apollo';

/** Legal forms are not the club's name: "ASD Polisportiva Romagna" -> "P". */
const LEGAL_FORMS = new Set(['ASD', 'SSD', 'APS', 'A.S.D.', 'S.S.D.', 'A.P.S.']);

export function clubInitial(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  const word = words.find((w) => !LEGAL_FORMS.has(w.toUpperCase())) ?? words[0] ?? '';
  return word.charAt(0).toUpperCase();
}

/**
 * One download per logo URL for the whole session (the top bar and the club page show the same one); a new logo
 * has a new URL. A failed download is forgotten, so a later render retries.
 */
const objectUrls = new Map<string, Promise<string>>();
function fetchAuthorizedObjectUrl(url: string): Promise<string> {
  let pending = objectUrls.get(url);
  if (!pending) {
    pending = fetch(url, { headers: authHeaders() }).then(async (response) => {
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return URL.createObjectURL(await response.blob());
    });
    pending.catch(() => objectUrls.delete(url));
    objectUrls.set(url, pending);
  }
  return pending;
}

/** Object URL of an authorized image, null while loading or when it failed (the placeholder shows). */
function useAuthorizedImage(url: string | null): string | null {
  const [src, setSrc] = useState<{ url: string; objectUrl: string } | null>(null);
  useEffect(() => {
    if (!url) return;
    let cancelled = false;
    fetchAuthorizedObjectUrl(url)
      .then((objectUrl) => !cancelled && setSrc({ url, objectUrl }))
      .catch(() => !cancelled && setSrc(null));
    return () => {
      cancelled = true;
    };
  }, [url]);
  return url && src?.url === url ? src.objectUrl : null;
}

export interface ClubLogoProps {
  name: string | null | undefined;
  logoUrl: string | null | undefined;
  hasUploadedLogo: boolean;
  /** Side in Chakra size tokens (e.g. "10", "24"). */
  size: string;
  fontSize?: string;
  /** Image shown instead of the stored one (the edit form's preview of a chosen file). */
  previewSrc?: string | null;
}

export function ClubLogo({ name, logoUrl, hasUploadedLogo, size, fontSize = 'lg', previewSrc }: ClubLogoProps) {
  const stored = useAuthorizedImage(hasUploadedLogo && logoUrl ? logoUrl : null);
  const src = previewSrc ?? stored;
  if (src) {
    return (
      <Box boxSize={size} flexShrink={0} borderRadius="md" overflow="hidden" bg="bg" borderWidth="1px">
        <Image src={src} alt={`Logo di ${name ?? 'società'}`} boxSize="full" objectFit="contain" data-testid="club-logo-image" />
      </Box>
    );
  }
  return (
    <Flex
      role="img"
      aria-label={`Logo di ${name ?? 'società'} non caricato`}
      data-testid="club-logo-placeholder"
      flexShrink={0}
      boxSize={size}
      borderRadius="full"
      bg="brand.solid"
      color="brand.contrast"
      align="center"
      justify="center"
      fontWeight="bold"
      fontSize={fontSize}
    >
      {clubInitial(name) || '?'}
    </Flex>
  );
}
