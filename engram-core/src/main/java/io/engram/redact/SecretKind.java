package io.engram.redact;

/** The kinds of secret {@link SecretRedactor} recognises; {@link #label()} appears in the redaction marker. */
public enum SecretKind {
  /** A {@code <private>...</private>} span, dropped whole. */
  PRIVATE_SPAN("private"),
  /** A PEM or OpenSSH private key block. */
  PRIVATE_KEY("private-key"),
  /** An Anthropic API or OAuth key ({@code sk-ant-...}). */
  ANTHROPIC_KEY("anthropic-key"),
  /** An OpenAI API key ({@code sk-...}, {@code sk-proj-...}). */
  OPENAI_KEY("openai-key"),
  /** An AWS access key id ({@code AKIA...}). */
  AWS_ACCESS_KEY("aws-access-key"),
  /** An AWS secret access key in an assignment. */
  AWS_SECRET_KEY("aws-secret-key"),
  /** A GitHub token ({@code ghp_}, {@code gho_}, {@code github_pat_}...). */
  GITHUB_TOKEN("github-token"),
  /** A Slack token ({@code xoxb-}...) or incoming-webhook URL. */
  SLACK_TOKEN("slack-token"),
  /** A Google API key ({@code AIza...}) or OAuth access token ({@code ya29.}). */
  GOOGLE_KEY("google-key"),
  /** A JSON Web Token. */
  JWT("jwt"),
  /** An {@code Authorization: Bearer ...} credential. */
  BEARER_TOKEN("bearer-token"),
  /** The password of a connection string such as {@code postgres://user:pw@host}. */
  CONNECTION_STRING("connection-password"),
  /** The value of a {@code password=}, {@code api_key:}, {@code token=}-style assignment. */
  PASSWORD_ASSIGNMENT("password");

  private final String label;

  SecretKind(String label) {
    this.label = label;
  }

  /** The short name used in markers and reports, e.g. {@code github-token}. */
  public String label() {
    return label;
  }

  /** The text that replaces a secret of this kind: {@code [REDACTED:label]}. */
  public String marker() {
    return "[REDACTED:" + label + "]";
  }
}
