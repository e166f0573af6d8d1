/**
 * Secret redaction: what keeps API keys, tokens and passwords off the disk.
 *
 * <p>{@link SecretRedactor} removes API keys and tokens of the common providers, JSON Web Tokens,
 * private key blocks, {@code password=}-style assignments, credentials in connection strings and whole
 * {@code <private>...</private>} spans. Each secret becomes a marker naming its {@link SecretKind}; a
 * private span is dropped without a trace. Redaction is idempotent, and large texts are cheap: a rule's
 * pattern runs only on the lines that hold one of its literal triggers.
 *
 * <p>{@link Redaction} is the outcome: the safe text, the kinds removed and how many secrets. The memory
 * store redacts every field of a memory before it writes; session notes are redacted before they are kept.
 *
 * <p>Where to start: {@code SecretRedactor.standard().redact(text)}.
 */
package io.engram.redact;
