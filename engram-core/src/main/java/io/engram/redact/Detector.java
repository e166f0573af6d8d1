package io.engram.redact;

import java.util.List;

/** One way of finding secrets in a text; the redactor runs every detector and merges what they find. */
sealed interface Detector permits PatternRule, UrlCredentials, HighEntropyTokens, CommandLines, ProseSecrets,
    NetrcEntries, PgpassLines, DatabaseStatements,
    CredentialCalls, NextLineValues, SecretColumns {

  /** Lower-case words of which one must occur in a text for this detector to find anything; empty: always run. */
  List<String> keywords();

  /** Adds what this detector finds in {@code text} to {@code out}, each finding with {@code priority}. */
  void find(ScannedText text, int priority, List<Finding> out);
}
