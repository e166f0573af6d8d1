package io.engram.memory;

import io.engram.redact.SecretRedactor;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * A name a lookup was given, matched as listings show names. A memory whose name holds a secret (a file a person
 * wrote, or one written before redaction: Engram's own writes refuse such a name) is listed with the secret
 * redacted, {@code deploy token [REDACTED:github-token]}, on every surface; so a lookup finds a memory by its own
 * name's slug, else by the slug of its name as shown ({@link #shown}), and the name as typed, secret and all, is
 * shown the same way. Matching as shown needs a stored name redacted, so it is asked only when the shown slug
 * carries the marker's word ({@link #shownSlug}): any other miss costs what it did; and only of a name whose slug
 * begins as the shown one does before its first marker ({@link #mayShowAs}), since redaction keeps the text before a
 * secret as it was: a miss in a store of 10,000 memories redacts the few names that begin alike, not every one.
 *
 * @param slug the slug of the name as given
 * @param shownSlug the slug of the name as a listing shows it, when that holds the marker's word
 */
record NameQuery(String slug, Optional<String> shownSlug) {
  // The word every redaction marker puts into a slug: "[REDACTED:github-token]" slugs as "redacted-github-token".
  private static final String MARKER_WORD = "redacted";

  /** The query for {@code name}; throws {@link InvalidMemoryNameException} when no memory can have that name. */
  static NameQuery of(String name, SecretRedactor redactor) {
    String slug = MemoryNames.slug(name);
    String shown = shown(name, redactor);
    if (!MemoryNames.isValid(shown)) {
      return new NameQuery(slug, Optional.empty());
    }
    String shownSlug = MemoryNames.slug(shown);
    return new NameQuery(slug, holdsMarkerWord(shownSlug) ? Optional.of(shownSlug) : Optional.empty());
  }

  /** The name as every surface shows it: its secrets redacted, as a listing prints it and a team share sends it. */
  static String shown(String name, SecretRedactor redactor) {
    return redactor.redact(name).text();
  }

  /**
   * The slug of {@code storedName} as shown, when it can match a query's {@link #shownSlug}: empty for a name that
   * shows without the marker's word (no secret in it), or that cannot be a memory's.
   */
  static Optional<String> shownSlugOf(String storedName, SecretRedactor redactor) {
    String shown = shown(storedName, redactor);
    if (!MemoryNames.isValid(shown)) {
      return Optional.empty();
    }
    String slug = MemoryNames.slug(shown);
    return holdsMarkerWord(slug) ? Optional.of(slug) : Optional.empty();
  }

  /** True when a memory called {@code storedName} is the one asked for, by its own name or as it is shown. */
  boolean matches(String storedName, SecretRedactor redactor) {
    if (!MemoryNames.isValid(storedName)) {
      return false;
    }
    String storedSlug = MemoryNames.slug(storedName);
    if (storedSlug.equals(slug)) {
      return true;
    }
    return mayShowAs(storedSlug) && shownSlug.equals(shownSlugOf(storedName, redactor));
  }

  /**
   * True when a memory whose own name slugs as {@code storedSlug} can be shown as this query's {@link #shownSlug}:
   * its slug begins with what the shown slug holds before its first marker (a redaction leaves the text before a
   * secret as it was). False whenever the query is not one to match as shown.
   */
  boolean mayShowAs(String storedSlug) {
    if (shownSlug.isEmpty()) {
      return false;
    }
    List<String> words = Arrays.asList(shownSlug.get().split("-"));
    return storedSlug.startsWith(String.join("-", words.subList(0, words.indexOf(MARKER_WORD))));
  }

  private static boolean holdsMarkerWord(String slug) {
    return Arrays.asList(slug.split("-")).contains(MARKER_WORD);
  }
}
