// While the database opens and migrates (a first start, or migrations after an update), a browser asking for a
// page gets this instead of the client, whose requests would only wait: it says what is happening and reloads itself.
// 503 with Retry-After, so a monitor or proxy reads "not yet" too. No script: the CSP allows none inline.
export const STARTING_RETRY_SECONDS = 2;

export const STARTING_PAGE = `<!doctype html>
<html lang="it">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="${STARTING_RETRY_SECONDS}">
<title>CampoBase si sta avviando</title>
<style>
body { font-family: system-ui, sans-serif; margin: 0; min-height: 100vh; display: grid; place-items: center; background: #f7fafc; color: #1a202c; }
main { max-width: 28rem; padding: 2rem; text-align: center; }
h1 { font-size: 1.4rem; margin: 0 0 .75rem; }
p { line-height: 1.5; margin: 0 0 .5rem; }
</style>
</head>
<body>
<main role="status">
<h1>CampoBase si sta avviando</h1>
<p>Preparazione del database in corso: di solito bastano pochi secondi.</p>
<p>La pagina si aggiorna da sola appena il servizio è pronto.</p>
</main>
</body>
</html>
`;
