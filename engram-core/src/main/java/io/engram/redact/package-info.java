/**
 * Secret redaction: what keeps API keys, tokens and passwords off the disk and inside the process.
 *
 * <p>{@link SecretRedactor} runs detectors of several sorts and merges what they find: the provider rules adopted
 * from gitleaks (216 rules, carried as data in {@code gitleaks-rules.toml} beside this package's classes with
 * gitleaks' MIT licence, read by {@code GitleaksRules}; each with its keywords, entropy threshold and
 * allowlists, as gitleaks applies them, a token's end widened to where a file's or a memory's name ends it,
 * {@code sk_live_....txt}), Engram's own rules ({@code EngramRules}: lenient provider formats, a token cut short,
 * private key blocks, also base64-encoded whole (a kubeconfig's {@code client-key-data}), Kubernetes bootstrap
 * tokens, authorization and credential headers and cookies; {@code Assignments}: secret-looking names
 * given a value in code, {@code .env}, JSON, YAML, XML and the options of any command line; {@code NamedPairs}: a
 * secret's name and its value as two fields of one record, {@code <add key="SmtpPassword" value="..."/>}, a
 * Kubernetes {@code name}/{@code value}, {@code define('DB_PASSWORD', '...')}; {@code CredentialFiles}:
 * registry auths, base64 private keys, directives such as {@code requirepass}), credentials in URLs of every scheme,
 * in their query parameters and webhook paths, and in Go's data source names ({@code UrlCredentials}), random-looking
 * tokens ({@code HighEntropyTokens}, which leaves alone what {@code LookAlikeTokens} and {@code PublicBlocks} say is
 * public: ids, digests, public keys and certificates, sops values; and hexadecimal runs, file names and a path's parts,
 * measured to cost more ordinary names than secrets caught), and secrets as people write them.
 *
 * <p>Secrets as people write them: {@code CommandLines} splits a command into words as the shell would
 * ({@code ShellWords}) wherever a tool of {@code CredentialOptions}' table stands (databases, docker and registries,
 * redis, ssh and remote shells, curl and wget, cloud command lines, archives and keys) and cuts out the arguments its
 * manual says are credentials ({@code mysql -pX}, {@code docker login -p X}, {@code curl -u user:X}, {@code echo X |
 * docker login --password-stdin}); {@code NetrcEntries} and {@code PgpassLines} read those files' grammars, on one
 * line or several; {@code ProseSecrets} finds a secret's nouns in nineteen languages ({@code ProseLanguages}: English,
 * Chinese (simplified and traditional), Japanese, Korean, German, French, Spanish, Portuguese, Italian, Russian,
 * Dutch, Swedish, Polish, Turkish, Vietnamese, Indonesian, Arabic, Hindi, Thai) and {@code ProseClause} reads from
 * each to its value over the words {@code ProseWords} tells apart ({@code ProseAfterValue}: a passphrase, a value
 * after a comma or a contrast), with {@code ProseValues} saying whether a word is the secret or something else (a
 * path, a reference, a quantity, a placeholder) and {@code StatedPasswords} taking what a password's noun states
 * though its shape does not tell it (a plain word, after the noun of seven languages; a value in Chinese script); secrets placed rather than named: a value on the line after its
 * label ({@code NextLineValues}), a table's column whose header names a secret ({@code SecretColumns}), credentials
 * passed to a call by position ({@code CredentialCalls}), passwords set by SQL or Redis statements ({@code
 * DatabaseStatements}); {@code PrivateSpans} finds {@code <private>} in every spelling, escaping and
 * nesting. A provider's prefix before filler or a request to fill it ({@code sk-...}, {@code ghp_xxxx}) is a template
 * ({@code Placeholders}), whichever rule took it. Each secret becomes a marker naming its {@link SecretKind}; quotes around a value are kept, so JSON and
 * code stay well formed; a {@code <private>} span is dropped without a trace. Redaction is idempotent.
 *
 * <p>Before any cut: whoever shortens a text redacts it first ({@code SecretRedactor.head}), so a token cut short is
 * still recognised whole; the fields of one memory are redacted together ({@code redactTogether}), so a name that
 * holds a secret without the words that make it one loses it before it becomes a file name, and so does a name
 * that ends inside it ({@code SharedSecrets}: a run of at least its first eight characters, cut where a word ends).
 *
 * <p>Cost: one pass over the text finds every rule's keywords ({@code KeywordIndex}, Aho-Corasick: gitleaks'
 * prefilter); only the rules one of whose keywords occurred are run (the redactor maps each keyword to the rules
 * naming it, so a short text without keywords is not offered to some 200 rules one by one), each only on the lines
 * that hold one of its keywords, or, when its matches start with a keyword, only at those places. Every pattern runs in time linear in the text: Java's engine backtracks where
 * gitleaks' RE2 does not, so the translated patterns avoid nested quantifiers over overlapping classes and use
 * possessive quantifiers where nothing after them could match what they gave back ({@code RuleTimingTest}
 * runs each on 128 K characters of adversarial input and on a quarter of them).
 *
 * <p>Where it is applied, so that no engine can forget it: the memory store redacts every field before it
 * writes (names too, so file names come from redacted text); turn texts and memory candidates are redacted
 * when they are made, before any extractor or name sees them; the model router's metered model redacts every
 * request; notes, compaction results, hook answers and logs, MCP answers and the command line's output are
 * redacted on their way out; the service's work queue keeps a hook's input redacted but for its ids and paths.
 *
 * <p>Where to start: {@code SecretRedactor.standard().redact(text)} -> {@link Redaction}.
 */
package io.engram.redact;
