package io.engram.redact;

import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Removes secrets from text before it is written anywhere or sent out of the process: the provider rules
 * adopted from gitleaks (about 200 token formats), Engram's own provider rules, private key blocks, bearer
 * and basic credentials, credentials in URLs of every scheme, assignments of secret-looking names in code,
 * configuration and prose, random-looking tokens (Shannon entropy), and whole {@code <private>...</private>}
 * spans.
 *
 * <p>Each secret is replaced by {@link SecretKind#marker()}; a private span is dropped without a trace.
 * Redaction is idempotent: redacting an already redacted text changes nothing. Instances are immutable
 * and thread-safe; {@link #standard()} is the shared default. Large texts are cheap: one pass finds every
 * rule's keywords (gitleaks' prefilter), only the rules one of whose keywords occurred are run, and a rule's pattern
 * runs only on the lines that hold one of them. Small texts are cheap too: a text without keywords costs that pass
 * and the few detectors that have none.
 * Every pattern runs in time linear in the text (checked on adversarial inputs by the tests).
 */
public final class SecretRedactor {
  private static final SecretRedactor STANDARD = new SecretRedactor(
      Stream.<Stream<? extends Detector>>of(EngramRules.all().stream(), GitleaksRules.rules().stream(),
          Stream.of(new CommandLines(), new NetrcEntries(), new PgpassLines(), new ProseSecrets(), new UrlCredentials(),
              new DatabaseStatements(), new CredentialCalls(), new NextLineValues(), new SecretColumns(),
              new HighEntropyTokens(20, 3.7, 0.5)))
          .<Detector>flatMap(s -> s).toList());

  private final List<Detector> detectors;
  private final KeywordIndex keywords;
  private final Map<String, Integer> keywordIds = new HashMap<>();
  /** By keyword id, the detectors (by index) that name it. */
  private final int[][] detectorsByKeyword;
  /** The detectors that name no keyword: they run on every text. */
  private final BitSet keywordless = new BitSet();

  private SecretRedactor(List<Detector> detectors) {
    this.detectors = List.copyOf(detectors);
    List<String> all = new ArrayList<>();
    List<BitSet> naming = new ArrayList<>();
    for (int i = 0; i < this.detectors.size(); i++) {
      List<String> named = this.detectors.get(i).keywords();
      if (named.isEmpty()) {
        keywordless.set(i);
      }
      for (String k : named) {
        if (keywordIds.putIfAbsent(k, all.size()) == null) {
          all.add(k);
          naming.add(new BitSet());
        }
        naming.get(keywordIds.get(k)).set(i);
      }
    }
    this.keywords = new KeywordIndex(all);
    this.detectorsByKeyword = naming.stream().map(b -> b.stream().toArray()).toArray(int[][]::new);
  }

  /** The redactor with every rule Engram knows. */
  public static SecretRedactor standard() {
    return STANDARD;
  }

  /** How many detectors this redactor runs (each adopted rule counts as one). */
  public int ruleCount() {
    return detectors.size();
  }

  /** Redacts {@code text}; the result says what kinds of secret were removed. */
  public Redaction redact(String text) {
    RecentResults recent = this.recent.get();
    if (recent.holds(text)) {
      // One of this redactor's recent results handed back in (a text copied into the record that keeps it, a call's
      // output into its turn): redaction is idempotent, so it would change nothing; a long text is not scanned again.
      return new Redaction(text, List.of(), 0);
    }
    Redaction result = redact(text, null);
    recent.add(result.text());
    return result;
  }

  /**
   * Per thread, the last texts {@link #redact(String)} returned, compared by identity (a string is immutable, so the
   * same instance is the same redacted text): a bounded memo of an idempotent function. Held weakly: a text handed
   * back in is still held by whoever hands it back, and the memo must not keep a long session's tool outputs alive
   * on every thread of a resident service once nobody else holds them.
   */
  private final ThreadLocal<RecentResults> recent = ThreadLocal.withInitial(RecentResults::new);

  private static final class RecentResults {
    // A text is handed back in a few calls after it was returned (into the record that keeps it, a call's output
    // into its turn); 64 leaves room to spare at the cost of a 64-step identity scan.
    @SuppressWarnings("unchecked")
    private final WeakReference<String>[] texts = new WeakReference[64];
    private int next;

    boolean holds(String text) {
      for (WeakReference<String> t : texts) {
        if (t != null && t.get() == text) {
          return true;
        }
      }
      return false;
    }

    void add(String text) {
      texts[next] = new WeakReference<>(text);
      next = (next + 1) % texts.length;
    }
  }

  /** Redacts {@code text}; each secret removed (its text and kind) is put in {@code removed} when one is given. */
  private Redaction redact(String text, Map<String, SecretKind> removed) {
    Set<SecretKind> kinds = new LinkedHashSet<>();
    int count = 0;
    String rest = text;
    List<int[]> spans = PrivateSpans.find(text);
    if (!spans.isEmpty()) {
      count += spans.size();
      kinds.add(SecretKind.PRIVATE_SPAN);
      rest = without(text, spans);
    }
    List<Finding> findings = find(rest);
    if (findings.isEmpty()) {
      return new Redaction(rest, new ArrayList<>(kinds), count);
    }
    StringBuilder out = new StringBuilder(rest.length());
    int last = 0;
    for (Finding f : findings) {
      out.append(rest, last, f.start()).append(f.kind().marker());
      if (removed != null && rest.substring(f.start(), f.end()).strip().length() >= MIN_SHARED_SECRET) {
        removed.putIfAbsent(rest.substring(f.start(), f.end()), f.kind());
      }
      last = f.end();
      kinds.add(f.kind());
      count++;
    }
    out.append(rest, last, rest.length());
    return new Redaction(out.toString(), new ArrayList<>(kinds), count);
  }

  /**
   * Redacts texts that belong together, such as the fields of one memory: a secret found in one of them is also
   * removed wherever it stands in the others, so a field that holds it without the words that make it a secret (a
   * name cut from its body: {@code echo 'PASS' | docker login}) keeps none of it, nor of a copy of it cut short (a name
   * that ends inside it: {@code the cache is redis://:PASS}). The results are in order.
   */
  public List<Redaction> redactTogether(List<String> texts) {
    List<Redaction> each = new ArrayList<>(texts.size());
    Map<String, SecretKind> found = new HashMap<>();
    for (String text : texts) {
      each.add(redact(text, found));
    }
    if (found.isEmpty()) {
      return each;
    }
    SharedSecrets shared = new SharedSecrets(found);
    return each.stream().map(shared::takenOutOf).toList();
  }

  /** A secret shorter than this is not looked for in the other texts of {@link #redactTogether}. */
  private static final int MIN_SHARED_SECRET = 4;

  private static String without(String text, List<int[]> spans) {
    StringBuilder out = new StringBuilder(text.length());
    int last = 0;
    for (int[] span : spans) {
      out.append(text, last, span[0]);
      last = span[1];
    }
    return out.append(text, last, text.length()).toString();
  }

  /**
   * How far past a cut a secret may reach and still be redacted whole by {@link #head} and {@link #tail}: a long
   * private key block.
   */
  static final int CUT_MARGIN = 8192;

  /**
   * The redacted start of {@code text}, enough of it to be cut at {@code chars} characters: every secret that starts
   * before the cut (and ends within {@link #CUT_MARGIN} of it) is redacted whole, so the cut never leaves a part of
   * one that no rule recognises any longer. Whoever shortens a text calls this first, then cuts what it returns.
   */
  public String head(String text, int chars) {
    long end = (long) chars + CUT_MARGIN;
    return redact(text.length() <= end ? text : text.substring(0, (int) end)).text();
  }

  /**
   * The redacted end of {@code text}, enough of it to keep its last {@code chars} characters: every secret that ends
   * after the cut (and starts within {@link #CUT_MARGIN} before it) is redacted whole. {@link #head}'s twin for whoever
   * keeps where a text ends; it cuts what this returns.
   */
  public String tail(String text, int chars) {
    long start = (long) text.length() - chars - CUT_MARGIN;
    return redact(start <= 0 ? text : text.substring((int) start)).text();
  }

  /**
   * {@code text} redacted, then on one line (each run of whitespace a space): a secret laid out over lines (a block
   * scalar, a table's column, a value under its label, a command continued with a backslash) is found only while its
   * lines are its own. Whoever puts a text on one line calls this instead of joining it first.
   */
  public String oneLine(String text) {
    return redact(text).text().strip().replaceAll("\\s+", " ");
  }

  /** True when {@code text} holds anything this redactor would remove. */
  public boolean containsSecret(String text) {
    return !PrivateSpans.find(text).isEmpty() || !find(text).isEmpty();
  }

  /** The detectors, in priority order (tests run each on adversarial input). */
  List<Detector> detectors() {
    return detectors;
  }

  /** {@code text} with this redactor's keywords located, as the detectors read it. */
  ScannedText scan(String text) {
    return new ScannedText(text, keywords, keywordIds);
  }

  /** Every finding of every detector, overlapping ones merged into one, named by the most specific detector. */
  private List<Finding> find(String text) {
    ScannedText scanned = scan(text);
    List<Finding> raw = new ArrayList<>();
    BitSet run = detectorsToRun(scanned);
    for (int i = run.nextSetBit(0); i >= 0; i = run.nextSetBit(i + 1)) {
      detectors.get(i).find(scanned, i, raw);
    }
    // a template a secret is written into is none, whichever rule took it: sk-..., ghp_xxxx, sk-your-key
    raw.removeIf(f -> f.kind() != SecretKind.PRIVATE_KEY && Placeholders.isTemplate(text.substring(f.start(), f.end())));
    if (raw.isEmpty()) {
      return raw;
    }
    raw.sort(Comparator.comparingInt(Finding::start).thenComparingInt(Finding::priority));
    List<Finding> merged = new ArrayList<>();
    Finding open = raw.get(0);
    for (int i = 1; i < raw.size(); i++) {
      Finding f = raw.get(i);
      if (f.start() < open.end()) {
        Finding specific = f.priority() < open.priority() ? f : open;
        open = new Finding(open.start(), Math.max(open.end(), f.end()), specific.kind(), specific.priority());
      } else {
        merged.add(open);
        open = f;
      }
    }
    merged.add(open);
    return merged;
  }

  /**
   * The detectors that can find anything in {@code scanned}: those without keywords and those one of whose keywords
   * occurs ({@link Detector#keywords()}'s contract). Most texts hold few keywords, and asking each of some 200
   * detectors whether its own occur cost more than the scan that found them.
   */
  private BitSet detectorsToRun(ScannedText scanned) {
    BitSet run = (BitSet) keywordless.clone();
    for (int k = 0; k < detectorsByKeyword.length; k++) {
      if (scanned.mentions(k)) {
        for (int d : detectorsByKeyword[k]) {
          run.set(d);
        }
      }
    }
    return run;
  }
}
