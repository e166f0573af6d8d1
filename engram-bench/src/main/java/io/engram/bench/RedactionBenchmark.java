package io.engram.bench;

import io.engram.redact.Redaction;
import io.engram.redact.SecretRedactor;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * JMH: {@link SecretRedactor#redact} (every rule Engram knows) on a transcript-like text of 4 KB or
 * 256 KB holding a few secrets, against a baseline in the same run: a naive redactor with a single rule,
 * one regular expression replaced over the whole text.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class RedactionBenchmark {
  private static final Pattern ONE_RULE = Pattern.compile("\\bsk-[A-Za-z0-9_-]{20,}");

  private static final String[] LINES = {
    "I ran the tests and two of them failed on the cache eviction path.",
    "  at io.example.cache.Evictor.evict(Evictor.java:42)",
    "const ttl = Number(process.env.CACHE_TTL ?? 300);",
    "The build passed after the retry; the flaky test is the Redis one.",
    "| name | value |\n|---|---|\n| region | eu-west-1 |",
    "git log --oneline -5 shows the merge of the feature branch.",
    "Let me read src/cache.ts and the test next to it.",
  };

  private static final String[] SECRETS = {
    "export OPENAI_API_KEY=sk-proj-a1B2c3D4e5F6g7H8i9J0k1L2m3N4",
    "password=hunter2-but-longer",
    "DATABASE_URL=postgres://app:s3cr3t@db.internal:5432/app",
    "Authorization: Bearer 7fQ2xL9mZp4RtV8kW3nB6yH1cJ5dG0sA",
  };

  @Param({"4096", "262144"})
  public int chars;

  private String text;
  private final SecretRedactor redactor = SecretRedactor.standard();

  /** A deterministic text: ordinary transcript lines, one secret line in every fifty. */
  @Setup
  public void writeText() {
    text = text(chars, new Random(7));
  }

  /** Every rule, each run only on lines holding one of its literal triggers. */
  @Benchmark
  public Redaction redactor() {
    return redactor.redact(text);
  }

  /** The baseline: one rule's regular expression over the whole text. */
  @Benchmark
  public String oneRuleBaseline() {
    return ONE_RULE.matcher(text).replaceAll("[redacted]");
  }

  static String text(int chars, Random random) {
    StringBuilder out = new StringBuilder(chars + 200);
    int line = 0;
    while (out.length() < chars) {
      String next = ++line % 50 == 0 ? SECRETS[random.nextInt(SECRETS.length)] : LINES[random.nextInt(LINES.length)];
      out.append(next).append('\n');
    }
    return out.toString();
  }
}
