// Placeholder registered by the lead so the route exists; a helper replaces it this session (issue 35).
import { Heading } from '@chakra-ui/react';

export default function MemberRegisterPage() {
  return (
    <Heading as="h1" size="2xl">
      Libro soci
    </Heading>
  );
}
