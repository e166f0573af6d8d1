package io.engram.redact;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Random;
import java.util.function.Function;

/**
 * A labelled corpus for redaction: fake secrets of every family Engram redacts, generated from each
 * provider's published format with a fixed seed (never a real credential), each placed in the contexts it
 * is met in (prose, shell, .env, JSON, YAML, code, logs); and look-alike text that is no secret (code,
 * paths, hashes, UUIDs, checksums, URLs without credentials, versions, coordinates, identifiers, placeholders),
 * from {@code redact/non-secrets.txt} plus generated hashes and UUIDs.
 *
 * <p>Beside them, secrets as people write them ({@link #asWritten()}, hand-written in
 * {@code redact/secrets-as-written.tsv}: credential options of command-line tools, credential files, prose in ten
 * languages, labels before assignments, {@code <private>} spans, authorization headers) and ordinary technical notes
 * ({@link #ordinaryNotes()}). A part of each is set aside by a hash of its text ({@link #isSetAside}): rules are
 * not tuned on it, and its figures are reported on their own.
 */
public final class SecretCorpus {
  /** A text holding secrets: after redaction none of {@code secrets} may remain in it. */
  public record SecretCase(String family, String text, List<String> secrets) {}

  private static final String UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  private static final String LOWER = "abcdefghijklmnopqrstuvwxyz";
  private static final String DIGITS = "0123456789";
  private static final String BASE62 = UPPER + LOWER + DIGITS;
  private static final String BASE64 = BASE62 + "+/";
  private static final String URLSAFE = BASE62 + "-_";
  private static final String HEX = "0123456789abcdef";

  private final Random random;

  private SecretCorpus(long seed) {
    this.random = new Random(seed);
  }

  /** Every secret case of the corpus. */
  public static List<SecretCase> secrets() {
    return new SecretCorpus(20261203).all();
  }

  /** Every non-secret text of the corpus. */
  public static List<String> nonSecrets() {
    List<String> out = new ArrayList<>(lines("/redact/non-secrets.txt", true));
    SecretCorpus c = new SecretCorpus(7);
    for (int i = 0; i < 25; i++) {
      out.add("commit " + c.s(HEX, 40) + " fixed the flaky test");
      out.add("id " + c.uuid() + " was not found");
      out.add("    \"integrity\": \"sha512-" + c.s(BASE64, 86) + "==\",");
      out.add(c.s(HEX, 64) + "  engram-0.1.0.tar.gz");
    }
    return out;
  }

  /** Secrets as people write them: command lines, credential files, prose in ten languages, labels, private spans. */
  public static List<SecretCase> asWritten() {
    return cases("/redact/secrets-as-written.tsv");
  }

  /** A second set aside: secrets as people write them, written after the rules and measured once before changes. */
  public static List<SecretCase> heldOut() {
    return cases("/redact/held-out-secrets.tsv");
  }

  /** The ordinary notes of the second set aside. */
  public static List<String> heldOutNotes() {
    return lines("/redact/held-out-notes.txt", false).stream().map(SecretCorpus::unescape).toList();
  }

  /** A third set aside, written after this round's rules were finished and measured once before any change. */
  public static List<SecretCase> fresh() {
    return cases("/redact/fresh-secrets.tsv");
  }

  /** The ordinary notes of the third set aside. */
  public static List<String> freshNotes() {
    return lines("/redact/fresh-notes.txt", false).stream().map(SecretCorpus::unescape).toList();
  }

  /** A fourth set aside, written after the third was mended, measured once and not tuned on. */
  public static List<SecretCase> fourth() {
    return cases("/redact/fourth-secrets.tsv");
  }

  /** The ordinary notes of the fourth set aside. */
  public static List<String> fourthNotes() {
    return lines("/redact/fourth-notes.txt", false).stream().map(SecretCorpus::unescape).toList();
  }

  /** A fifth set, twice the size of the others together with its notes, written before it was first run. */
  public static List<SecretCase> fifth() {
    return cases("/redact/fifth-secrets.tsv");
  }

  /** The ordinary notes of the fifth set: several hundred, so that one in a hundred is a measurable rate. */
  public static List<String> fifthNotes() {
    return lines("/redact/fifth-notes.txt", false).stream().map(SecretCorpus::unescape).toList();
  }

  /**
   * A sixth set, written before it was first run, of kinds and formats the first five lack: other vendors' key
   * formats, secrets in other programming languages' code and config files, SQL that sets a password, Chinese notes
   * around secrets, prose in languages the tables do not list, base64 and URL encodings, secrets split across lines.
   */
  public static List<SecretCase> sixth() {
    return cases("/redact/sixth-secrets.tsv");
  }

  /** The ordinary notes of the sixth set: hashes, ids, commit ids, public identifiers, placeholders, references. */
  public static List<String> sixthNotes() {
    return lines("/redact/sixth-notes.txt", false).stream().map(SecretCorpus::unescape).toList();
  }

  private static List<SecretCase> cases(String resource) {
    return lines(resource, false).stream().map(l -> {
      String[] f = l.split("\t");
      List<String> secrets = java.util.Arrays.stream(f, 2, f.length).map(SecretCorpus::unescape).toList();
      return new SecretCase(f[0], unescape(f[1]), secrets);
    }).toList();
  }

  /** Ordinary technical notes that hold no secret (file names, hashes, ids, placeholders, prose about passwords). */
  public static List<String> ordinaryNotes() {
    return lines("/redact/ordinary-notes.txt", false).stream().map(SecretCorpus::unescape).toList();
  }

  /** True for the part of a corpus set aside from tuning: the texts whose SHA-256 starts with a byte divisible by 4. */
  public static boolean isSetAside(String text) {
    try {
      byte first = java.security.MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8))[0];
      return (first & 0xFF) % 4 == 0;
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  /** A corpus line's text: \\n, \\t and \\\\ stand for a line break, a tab and a backslash. */
  static String unescape(String s) {
    StringBuilder b = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '\\' && i + 1 < s.length()) {
        char next = s.charAt(++i);
        b.append(next == 'n' ? '\n' : next == 't' ? '\t' : next);
      } else {
        b.append(c);
      }
    }
    return b.toString();
  }

  private List<SecretCase> all() {
    List<SecretCase> out = new ArrayList<>();
    // providers: each secret in every context
    family(out, "github-token", () -> "ghp_" + s(BASE62, 36));
    family(out, "github-token", () -> "gho_" + s(BASE62, 36));
    family(out, "github-token", () -> "ghs_" + s(BASE62, 36));
    family(out, "github-token", () -> "github_pat_" + s(BASE62, 22) + "_" + s(BASE62, 59));
    family(out, "aws-access-key", () -> "AKIA" + s(UPPER + "234567", 16));
    family(out, "aws-access-key", () -> "ASIA" + s(UPPER + "234567", 16));
    family(out, "stripe", () -> "sk_live_" + s(BASE62, 24));
    family(out, "stripe", () -> "sk_test_" + s(BASE62, 24));
    family(out, "stripe", () -> "rk_live_" + s(BASE62, 24));
    family(out, "stripe-webhook", () -> "whsec_" + s(BASE62, 32));
    family(out, "gitlab", () -> "glpat-" + s(URLSAFE, 20));
    family(out, "npm", () -> "npm_" + s(LOWER + DIGITS, 36));
    family(out, "huggingface", () -> "hf_" + s(UPPER + LOWER, 34));
    family(out, "sendgrid", () -> "SG." + s(URLSAFE, 22) + "." + s(URLSAFE, 43));
    family(out, "slack", () -> "xoxb-" + s(DIGITS, 12) + "-" + s(DIGITS, 13) + "-" + s(BASE62, 24));
    family(out, "slack-webhook", () -> "https://hooks.slack.com/services/T" + s(UPPER + DIGITS, 8) + "/B"
        + s(UPPER + DIGITS, 10) + "/" + s(BASE62, 24));
    family(out, "google", () -> "AIza" + s(URLSAFE, 35));
    family(out, "openai", () -> "sk-proj-" + s(URLSAFE, 74) + "T3BlbkFJ" + s(URLSAFE, 74));
    family(out, "openai", () -> "sk-" + s(BASE62, 48));
    family(out, "anthropic", () -> "sk-ant-api03-" + s(URLSAFE, 93) + "AA");
    family(out, "jwt", this::jwt);
    family(out, "shopify", () -> "shpat_" + s(HEX, 32));
    family(out, "twilio", () -> "SK" + s(HEX, 32));
    family(out, "digitalocean", () -> "dop_v1_" + s(HEX, 64));
    family(out, "pypi", () -> "pypi-AgEIcHlwaS5vcmc" + s(URLSAFE, 60));
    family(out, "doppler", () -> "dp.pt." + s(BASE62, 43));
    family(out, "linear", () -> "lin_api_" + s(BASE62, 40));
    family(out, "postman", () -> "PMAK-" + s(HEX, 24) + "-" + s(HEX, 34));
    family(out, "age", () -> "AGE-SECRET-KEY-1" + s("QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L", 58));
    family(out, "databricks", () -> "dapi" + s(HEX, 32));
    family(out, "planetscale", () -> "pscale_tkn_" + s(BASE62, 43));
    family(out, "grafana", () -> "glsa_" + s(BASE62, 32) + "_" + s(HEX, 8));
    family(out, "vault", () -> "hvs." + s(URLSAFE, 95));
    family(out, "high-entropy", () -> s(BASE62, 32 + random.nextInt(17)));
    family(out, "aws-secret-key", () -> s(BASE64, 40));
    // structured secrets whose shape is the context itself
    for (int i = 0; i < 6; i++) {
      String key = s(BASE64, 86) + "==";
      out.add(new SecretCase("azure-connection-string", "AZURE_STORAGE_CONNECTION_STRING=\"DefaultEndpointsProtocol=https;"
          + "AccountName=acme" + i + ";AccountKey=" + key + ";EndpointSuffix=core.windows.net\"", List.of(key)));
      String basic = Base64.getEncoder().encodeToString(("deploy:" + s(BASE62, 14)).getBytes(StandardCharsets.UTF_8));
      out.add(new SecretCase("basic-auth", "curl -H \"Authorization: Basic " + basic + "\" https://ci.example.com/api",
          List.of(basic)));
      out.add(new SecretCase("basic-auth", "Authorization: Basic " + basic, List.of(basic)));
      String pem = pem(i % 3 == 0 ? "RSA PRIVATE KEY" : i % 3 == 1 ? "OPENSSH PRIVATE KEY" : "EC PRIVATE KEY");
      out.add(new SecretCase("private-key", "the deploy key:\n" + pem + "\nkeep it safe", List.of(body(pem))));
      out.add(new SecretCase("private-key", "key.pem starts with\n" + pem.substring(0, pem.length() / 2),
          List.of(body(pem).substring(0, 40))));
    }
    urls(out);
    assignments(out);
    return out;
  }

  /** One family in the contexts its secrets are met in. */
  private void family(List<SecretCase> out, String family, java.util.function.Supplier<String> secret) {
    List<Function<String, String>> contexts = List.of(
        x -> "use " + x + " for the staging deploy",
        x -> "export SERVICE_API_KEY=" + x,
        x -> "{\"token\": \"" + x + "\", \"region\": \"eu-west-1\"}",
        x -> "credentials:\n  token: " + x + "\n  user: deploy",
        x -> "const client = new Client(\"" + x + "\");",
        x -> "2026-12-03T09:12:44Z INFO auth ok key=" + x + " user=ci",
        x -> "I pasted `" + x + "` into the config, is that right?",
        x -> "curl -s https://api.example.com/v1 -H 'X-Api-Key: " + x + "'");
    for (Function<String, String> context : contexts) {
      String x = secret.get();
      out.add(new SecretCase(family, context.apply(x), List.of(x)));
    }
  }

  private void urls(List<SecretCase> out) {
    String[] schemes = {"postgres", "postgresql", "mysql", "mongodb+srv", "redis", "amqp", "https", "ftp", "smtp",
        "jdbc:postgresql", "sqlserver", "git+https"};
    for (String scheme : schemes) {
      String password = s(BASE62, 6) + "@" + s(BASE62, 4) + ":" + s(DIGITS, 3) + "/" + s(LOWER, 3);
      out.add(new SecretCase("url-credentials", "DATABASE_URL=" + scheme + "://app:" + password + "@db.internal:5432/app",
          List.of(password)));
      String simple = s(BASE62, 12);
      out.add(new SecretCase("url-credentials", "connect with " + scheme + "://root:" + simple + "@10.0.0.5/main today",
          List.of(simple)));
    }
    out.add(new SecretCase("url-credentials", "mysql://root:p@ssw0rd99@db.example.com:3306/shop",
        List.of("p@ssw0rd99")));
    out.add(new SecretCase("url-credentials", "redis://:s3cr3t:with:colons@cache:6379/0", List.of("s3cr3t:with:colons")));
    String token = "ghp_" + s(BASE62, 36);
    out.add(new SecretCase("url-credentials", "git remote set-url origin https://" + token + "@github.com/acme/app.git",
        List.of(token)));
    String oauth = s(BASE62, 40);
    out.add(new SecretCase("url-credentials", "https://oauth2:" + oauth + "@gitlab.example.com/group/app.git",
        List.of(oauth)));
  }

  private void assignments(List<SecretCase> out) {
    String[] passwords = {"Tr0ub4dor3xyz", "correct-horse-42", "hunter2!", "S3cure#Pass", "p4$$w0rd-2026", "Zx9!qL2@vB"};
    for (String p : passwords) {
      out.add(new SecretCase("prose", "the admin password is " + p, List.of(p)));
      out.add(new SecretCase("prose", "FYI my database password was " + p + " until Friday", List.of(p)));
      out.add(new SecretCase("prose", "the password for prod is " + p + ".", List.of(p)));
      out.add(new SecretCase("prose", "password: " + p, List.of(p)));
      out.add(new SecretCase("prose", "token = " + p, List.of(p)));
      out.add(new SecretCase("env", "DB_PASSWORD=" + p, List.of(p)));
      out.add(new SecretCase("env", "export API_TOKEN='" + p + "'", List.of(p)));
      out.add(new SecretCase("json", "{\"username\": \"admin\", \"password\": \"" + p + "\"}", List.of(p)));
      out.add(new SecretCase("yaml", "datasource:\n  username: app\n  password: " + p + "\n", List.of(p)));
      out.add(new SecretCase("yaml", "  client_secret: \"" + p + "\"", List.of(p)));
      out.add(new SecretCase("code", "String password = \"" + p + "\";", List.of(p)));
      out.add(new SecretCase("code", "password: str = \"" + p + "\"", List.of(p)));
      out.add(new SecretCase("code", "conn = connect(host=\"db\", password=\"" + p + "\")", List.of(p)));
      out.add(new SecretCase("properties", "spring.datasource.password=" + p, List.of(p)));
      out.add(new SecretCase("cli", "mysql --password=" + p + " -h db shop", List.of(p)));
      out.add(new SecretCase("xml", "<password>" + p + "</password>", List.of(p)));
      out.add(new SecretCase("prose-zh", "数据库密码是" + p + "，别外传", List.of(p)));
    }
    out.add(new SecretCase("env", "DB_PASSWORD=letmein", List.of("letmein")));
    out.add(new SecretCase("env", "run it with REDIS_PASSWORD=swordfish ./start.sh", List.of("swordfish")));
    out.add(new SecretCase("prose", "the password is 'correct horse battery staple'", List.of("correct horse battery staple")));
    out.add(new SecretCase("prose", "the wifi password is correcthorsebatterystaple", List.of("correcthorsebatterystaple")));
    String aws = s(BASE64, 40);
    out.add(new SecretCase("aws-secret-key", "aws_secret_access_key = " + aws, List.of(aws)));
    String bearer = s(URLSAFE, 40);
    out.add(new SecretCase("bearer", "Authorization: Bearer " + bearer, List.of(bearer)));
    out.add(new SecretCase("private", "note <private>my home address is 1 Main St</private> done",
        List.of("1 Main St")));
  }

  private String jwt() {
    Base64.Encoder b = Base64.getUrlEncoder().withoutPadding();
    String header = b.encodeToString("{\"alg\":\"HS256\",\"typ\":\"JWT\"}".getBytes(StandardCharsets.UTF_8));
    String payload = b.encodeToString(("{\"sub\":\"" + s(DIGITS, 10) + "\",\"name\":\"" + s(LOWER, 8)
        + "\",\"iat\":1516239022}").getBytes(StandardCharsets.UTF_8));
    return header + "." + payload + "." + s(URLSAFE, 43);
  }

  private String pem(String type) {
    StringBuilder b = new StringBuilder("-----BEGIN " + type + "-----\n");
    for (int i = 0; i < 6; i++) {
      b.append(s(BASE64, 64)).append('\n');
    }
    return b.append("-----END ").append(type).append("-----").toString();
  }

  private static String body(String pem) {
    return pem.substring(pem.indexOf('\n') + 1, pem.indexOf('\n') + 65);
  }

  private String uuid() {
    return s(HEX, 8) + "-" + s(HEX, 4) + "-4" + s(HEX, 3) + "-a" + s(HEX, 3) + "-" + s(HEX, 12);
  }

  private String s(String alphabet, int n) {
    char[] c = new char[n];
    for (int i = 0; i < n; i++) {
      c[i] = alphabet.charAt(random.nextInt(alphabet.length()));
    }
    return new String(c);
  }

  private static List<String> lines(String resource, boolean lineBreaks) {
    try (InputStream in = SecretCorpus.class.getResourceAsStream(resource)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines()
          .filter(l -> !l.isBlank() && !l.startsWith("#")).map(l -> lineBreaks ? l.replace("\\n", "\n") : l).toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
