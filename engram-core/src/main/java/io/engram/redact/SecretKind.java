package io.engram.redact;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A kind of secret {@link SecretRedactor} recognises, named by its {@link #label()}: one of Engram's own
 * families below, or the id of a rule adopted from gitleaks (for example {@code stripe-access-token}).
 */
public record SecretKind(String label) {
  private static final Pattern LABEL = Pattern.compile("[a-z0-9][a-z0-9-]{0,79}");

  /** A {@code <private>...</private>} span, dropped whole. */
  public static final SecretKind PRIVATE_SPAN = new SecretKind("private");
  /** A PEM, OpenSSH or PGP private key block. */
  public static final SecretKind PRIVATE_KEY = new SecretKind("private-key");
  /** An Anthropic API or OAuth key ({@code sk-ant-...}). */
  public static final SecretKind ANTHROPIC_KEY = new SecretKind("anthropic-key");
  /** An OpenAI API key ({@code sk-...}, {@code sk-proj-...}). */
  public static final SecretKind OPENAI_KEY = new SecretKind("openai-key");
  /** An AWS access key id ({@code AKIA...}). */
  public static final SecretKind AWS_ACCESS_KEY = new SecretKind("aws-access-key");
  /** An AWS secret access key in an assignment. */
  public static final SecretKind AWS_SECRET_KEY = new SecretKind("aws-secret-key");
  /** A GitHub token ({@code ghp_}, {@code gho_}, {@code github_pat_}...). */
  public static final SecretKind GITHUB_TOKEN = new SecretKind("github-token");
  /** A Slack token ({@code xoxb-}...) or incoming-webhook URL. */
  public static final SecretKind SLACK_TOKEN = new SecretKind("slack-token");
  /** A Google API key ({@code AIza...}) or OAuth access token ({@code ya29.}). */
  public static final SecretKind GOOGLE_KEY = new SecretKind("google-key");
  /** A JSON Web Token. */
  public static final SecretKind JWT = new SecretKind("jwt");
  /** An {@code Authorization: Bearer ...} credential. */
  public static final SecretKind BEARER_TOKEN = new SecretKind("bearer-token");
  /** An {@code Authorization: Basic ...} credential. */
  public static final SecretKind BASIC_AUTH = new SecretKind("basic-auth");
  /** The password (or token) in the user part of a URL such as {@code postgres://user:pw@host}. */
  public static final SecretKind CONNECTION_STRING = new SecretKind("connection-password");
  /** The value of a {@code password=}, {@code api_key:}, {@code token=}-style assignment, in code or prose. */
  public static final SecretKind PASSWORD_ASSIGNMENT = new SecretKind("password");
  /** A random-looking token with no other context (Shannon entropy over a base64-like alphabet). */
  public static final SecretKind HIGH_ENTROPY = new SecretKind("high-entropy");

  public SecretKind {
    Objects.requireNonNull(label, "label");
    if (!LABEL.matcher(label).matches()) {
      throw new IllegalArgumentException("a secret kind's label is lower-case letters, digits and dashes: '" + label + "'");
    }
  }

  /** The text that replaces a secret of this kind: {@code [REDACTED:label]}. */
  public String marker() {
    return "[REDACTED:" + label + "]";
  }

  @Override
  public String toString() {
    return label;
  }
}
