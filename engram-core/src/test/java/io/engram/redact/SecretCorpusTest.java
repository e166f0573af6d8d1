package io.engram.redact;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Recall and false-positive rate of the standard redactor on the labelled corpus ({@link SecretCorpus}):
 * every secret of every case must be gone after redaction (recall 100%), and at most 1% of the look-alike
 * texts may change. Both figures are printed for docs/BENCHMARKS.md.
 */
class SecretCorpusTest {
  private static final SecretRedactor REDACTOR = SecretRedactor.standard();

  @Test
  void everySecretOfTheCorpusIsRedacted() {
    List<SecretCorpus.SecretCase> cases = SecretCorpus.secrets();
    List<String> missed = new ArrayList<>();
    Map<String, int[]> byFamily = new TreeMap<>();
    for (SecretCorpus.SecretCase c : cases) {
      String out = REDACTOR.redact(c.text()).text();
      boolean caught = c.secrets().stream().noneMatch(out::contains);
      int[] counts = byFamily.computeIfAbsent(c.family(), f -> new int[2]);
      counts[0]++;
      counts[1] += caught ? 1 : 0;
      if (!caught) {
        missed.add(c.family() + ": " + c.text() + "\n    -> " + out);
      }
    }
    System.out.printf("redaction recall: %d of %d secret cases (%.1f%%) in %d families%n",
        cases.size() - missed.size(), cases.size(), 100.0 * (cases.size() - missed.size()) / cases.size(),
        byFamily.size());
    missed.forEach(m -> System.out.println("  missed " + m));
    long before = cases.stream().filter(c -> {
      String out = BaselineRedactor.standard().redact(c.text()).text();
      return c.secrets().stream().noneMatch(out::contains);
    }).count();
    System.out.printf("  the redactor this replaced: %d of %d (%.1f%%)%n", before, cases.size(), 100.0 * before / cases.size());
    assertThat(cases).hasSizeGreaterThan(300);
    assertThat(missed).as("secrets left after redaction").isEmpty();
  }

  @Test
  void lookAlikesOfSecretsSurvive() {
    List<String> texts = SecretCorpus.nonSecrets();
    List<String> changed = new ArrayList<>();
    for (String t : texts) {
      String out = REDACTOR.redact(t).text();
      if (!out.equals(t)) {
        changed.add(t + "\n    -> " + out);
      }
    }
    double rate = 100.0 * changed.size() / texts.size();
    System.out.printf("redaction false positives: %d of %d look-alike texts (%.2f%%)%n", changed.size(), texts.size(),
        rate);
    changed.forEach(c -> System.out.println("  changed " + c));
    long before = texts.stream().filter(t -> !BaselineRedactor.standard().redact(t).text().equals(t)).count();
    System.out.printf("  the redactor this replaced: %d of %d (%.2f%%)%n", before, texts.size(), 100.0 * before / texts.size());
    assertThat(texts).hasSizeGreaterThan(200);
    assertThat(rate).as("false-positive rate in %%").isLessThan(1.0);
  }

  @Test
  void everyCaseIsRedactedOnlyOnceAndStaysRedacted() {
    for (SecretCorpus.SecretCase c : SecretCorpus.secrets()) {
      String once = REDACTOR.redact(c.text()).text();
      assertThat(REDACTOR.redact(once).text()).as(c.text()).isEqualTo(once);
    }
  }
}
