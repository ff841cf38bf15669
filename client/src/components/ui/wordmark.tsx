// The CampoBase wordmark: "Campo" + highlighted "Base", as text.
import { Box, type BoxProps } from '@chakra-ui/react';

export function Wordmark({ highlightColor = 'brand.solid', ...props }: BoxProps & { highlightColor?: string }) {
  return (
    <Box as="span" fontWeight="800" letterSpacing="-0.02em" lineHeight="1" whiteSpace="nowrap" {...props}>
      Campo
      <Box as="span" color={highlightColor}>
        Base
      </Box>
    </Box>
  );
}
