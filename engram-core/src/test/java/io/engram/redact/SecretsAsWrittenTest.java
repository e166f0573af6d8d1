package io.engram.redact;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * Secrets as people write them ({@link SecretCorpus#asWritten()}: command lines, credential files, prose in ten
 * languages, labels, private spans, headers) and ordinary technical notes ({@link SecretCorpus#ordinaryNotes()}),
 * each split into the part the rules were tuned on and the part set aside by a hash of its text, and a second set
 * aside written after the rules ({@link SecretCorpus#heldOut()}), and a third written once this round's rules were
 * finished ({@link SecretCorpus#fresh()}). Detection and false-positive rates are printed per family and per part,
 * beside the 14-rule redactor this one replaced ({@link BaselineRedactor}), for docs/RELIABILITY.md, which records
 * what each set-aside part gave when it was first measured; a set whose misses were looked at and mended since is
 * tuning data now.
 */
class SecretsAsWrittenTest {
  private static final SecretRedactor REDACTOR = SecretRedactor.standard();

  @Test
  void secretsAsWrittenAreRedactedInBothParts() {
    List<SecretCorpus.SecretCase> cases = SecretCorpus.asWritten();
    assertThat(cases).hasSizeGreaterThanOrEqualTo(182);
    Result tuning = detect(cases, c -> !SecretCorpus.isSetAside(c.text()), true);
    Result setAside = detect(cases, c -> SecretCorpus.isSetAside(c.text()), true);
    System.out.printf("secrets as written, tuning part: %s%nsecrets as written, set-aside part: %s%n", tuning, setAside);
    assertThat(tuning.rate()).as("tuning detection in %%").isGreaterThanOrEqualTo(98.0);
    assertThat(setAside.rate()).as("set-aside detection in %%").isGreaterThanOrEqualTo(95.0);
  }

  @Test
  void ordinaryNotesAreLeftAloneInBothParts() {
    List<String> notes = SecretCorpus.ordinaryNotes();
    assertThat(notes).hasSizeGreaterThanOrEqualTo(100);
    double tuning = falsePositives(notes.stream().filter(n -> !SecretCorpus.isSetAside(n)).toList(), true, "tuning");
    double setAside = falsePositives(notes.stream().filter(SecretCorpus::isSetAside).toList(), true, "set-aside");
    assertThat(tuning).as("tuning false positives in %%").isLessThanOrEqualTo(1.0);
    assertThat(setAside).as("set-aside false positives in %%").isLessThanOrEqualTo(1.0);
  }

  @Test
  void theSecondSetAsideIsRedactedAndItsNotesLeftAlone() {
    List<SecretCorpus.SecretCase> cases = SecretCorpus.heldOut();
    Result result = detect(cases, c -> true, true);
    System.out.printf("secrets as written, second set aside: %s%n", result);
    double falsePositives = falsePositives(SecretCorpus.heldOutNotes(), true, "second set-aside");
    assertThat(result.rate()).as("second set-aside detection in %%").isGreaterThanOrEqualTo(90.0);
    assertThat(falsePositives).as("second set-aside false positives in %%").isLessThanOrEqualTo(1.0);
  }

  @Test
  void theThirdSetAsideIsRedactedAndItsNotesLeftAlone() {
    List<SecretCorpus.SecretCase> cases = SecretCorpus.fresh();
    Result result = detect(cases, c -> true, true);
    System.out.printf("secrets as written, third set aside: %s%n", result);
    double falsePositives = falsePositives(SecretCorpus.freshNotes(), true, "third set-aside");
    assertThat(result.rate()).as("third set-aside detection in %%").isGreaterThanOrEqualTo(95.0);
    assertThat(falsePositives).as("third set-aside false positives in %%").isLessThanOrEqualTo(1.5);
  }

  @Test
  void theFourthSetAsideIsRedactedAndItsNotesLeftAlone() {
    // First measured at 53 of 54 caught and 1 of 40 notes changed; its XML key and value pair and its "--password flag"
    // were mended by general rules since, so it is tuning data now.
    Result result = detect(SecretCorpus.fourth(), c -> true, true);
    System.out.printf("secrets as written, fourth set aside: %s%n", result);
    double falsePositives = falsePositives(SecretCorpus.fourthNotes(), true, "fourth set-aside");
    assertThat(result.rate()).as("fourth set-aside detection in %%").isGreaterThanOrEqualTo(98.0);
    assertThat(falsePositives).as("fourth set-aside false positives in %%").isLessThanOrEqualTo(1.0);
  }

  @Test
  void theFifthSetAsideIsRedactedAndItsNotesLeftAlone() {
    Result result = detect(SecretCorpus.fifth(), c -> true, true);
    System.out.printf("secrets as written, fifth set aside: %s%n", result);
    double falsePositives = falsePositives(SecretCorpus.fifthNotes(), true, "fifth set-aside");
    long before = SecretCorpus.fifth().stream().filter(c -> caught(c, BaselineRedactor.standard().redact(c.text()).text())).count();
    long beforeChanged = SecretCorpus.fifthNotes().stream().filter(n -> !BaselineRedactor.standard().redact(n).text().equals(n)).count();
    System.out.printf("fifth set, 14-rule baseline: %d caught, %d notes changed%n", before, beforeChanged);
    // First measured before any change: 112 of 124 caught (90.3 %), 15 of 445 notes changed (3.37 %); the 14-rule
    // baseline 47 and 20 in the same run. Mended since by general rules, so it is tuning data now.
    assertThat(result.rate()).as("fifth set-aside detection in %%").isGreaterThanOrEqualTo(98.0);
    assertThat(falsePositives).as("fifth set-aside false positives in %%").isLessThanOrEqualTo(0.5);
  }

  @Test
  void theSixthSetAsideIsRedactedAndItsNotesLeftAlone() {
    Result result = detect(SecretCorpus.sixth(), c -> true, true);
    System.out.printf("secrets as written, sixth set aside: %s%n", result);
    double falsePositives = falsePositives(SecretCorpus.sixthNotes(), true, "sixth set-aside");
    long before = SecretCorpus.sixth().stream().filter(c -> caught(c, BaselineRedactor.standard().redact(c.text()).text())).count();
    long beforeChanged = SecretCorpus.sixthNotes().stream().filter(n -> !BaselineRedactor.standard().redact(n).text().equals(n)).count();
    System.out.printf("sixth set, 14-rule baseline: %d caught, %d notes changed%n", before, beforeChanged);
    // First measured before any change: 116 of 179 caught (64.8 %), 19 of 336 notes changed (5.65 %); the 14-rule
    // baseline 50 and 16 in the same run. Mended since by general rules, so it is tuning data now.
    assertThat(result.rate()).as("sixth set-aside detection in %%").isGreaterThanOrEqualTo(95.0);
    assertThat(falsePositives).as("sixth set-aside false positives in %%").isLessThanOrEqualTo(1.0);
  }

  @Test
  void theRedactorThisReplacedIsMeasuredBesideIt() {
    List<SecretCorpus.SecretCase> cases = new ArrayList<>(SecretCorpus.asWritten());
    cases.addAll(SecretCorpus.heldOut());
    cases.addAll(SecretCorpus.fresh());
    cases.addAll(SecretCorpus.fourth());
    cases.addAll(SecretCorpus.fifth());
    cases.addAll(SecretCorpus.sixth());
    List<String> notes = new ArrayList<>(SecretCorpus.ordinaryNotes());
    notes.addAll(SecretCorpus.heldOutNotes());
    notes.addAll(SecretCorpus.freshNotes());
    notes.addAll(SecretCorpus.fourthNotes());
    notes.addAll(SecretCorpus.fifthNotes());
    notes.addAll(SecretCorpus.sixthNotes());
    long ours = cases.stream().filter(c -> caught(c, REDACTOR.redact(c.text()).text())).count();
    long plain = cases.stream().filter(c -> caught(c, BaselineRedactor.standard().redact(c.text()).text())).count();
    long oursChanged = notes.stream().filter(n -> !REDACTOR.redact(n).text().equals(n)).count();
    long plainChanged = notes.stream().filter(n -> !BaselineRedactor.standard().redact(n).text().equals(n)).count();
    System.out.printf("every set of secrets as written: %d of %d caught, %d of %d notes changed; the 14-rule baseline:"
        + " %d caught, %d notes changed%n", ours, cases.size(), oursChanged, notes.size(), plain, plainChanged);
    assertThat(ours).isGreaterThan(plain);
    assertThat(oursChanged).isLessThanOrEqualTo(plainChanged);
    // Measured 2026-12-07, with a new user's trial's four stated passwords added: 745 of 752 caught, 5 of 1,275
    // notes changed (before that fix 742 and 5); docs/RELIABILITY.md names the seven misses and five notes.
    assertThat(ours).as("secrets caught of every set").isGreaterThanOrEqualTo(745);
    assertThat(oursChanged).as("ordinary notes changed of every set").isLessThanOrEqualTo(5);
    assertThat(100.0 * oursChanged / notes.size()).as("false positives in %% of every ordinary note").isLessThanOrEqualTo(1.0);
  }

  private static boolean caught(SecretCorpus.SecretCase c, String redacted) {
    return c.secrets().stream().noneMatch(redacted::contains);
  }

  @Test
  void redactingAsWrittenCasesTwiceChangesNothingMore() {
    for (SecretCorpus.SecretCase c : SecretCorpus.asWritten()) {
      String once = REDACTOR.redact(c.text()).text();
      assertThat(REDACTOR.redact(once).text()).as(c.text()).isEqualTo(once);
    }
  }

  /** How many cases of one part lost every secret, by family. */
  record Result(int cases, int missed, Map<String, int[]> byFamily) {
    double rate() {
      return cases == 0 ? 100 : 100.0 * (cases - missed) / cases;
    }

    @Override
    public String toString() {
      StringBuilder b = new StringBuilder(String.format("%d of %d (%.1f%%)", cases - missed, cases, rate()));
      byFamily.forEach((f, n) -> b.append(String.format("%n  %-22s %d of %d", f, n[1], n[0])));
      return b.toString();
    }
  }

  private static Result detect(List<SecretCorpus.SecretCase> all, Predicate<SecretCorpus.SecretCase> part,
      boolean showMisses) {
    Map<String, int[]> byFamily = new TreeMap<>();
    int cases = 0;
    int missed = 0;
    for (SecretCorpus.SecretCase c : all) {
      if (!part.test(c)) {
        continue;
      }
      cases++;
      String out = REDACTOR.redact(c.text()).text();
      boolean caught = c.secrets().stream().noneMatch(out::contains);
      int[] n = byFamily.computeIfAbsent(c.family(), f -> new int[2]);
      n[0]++;
      n[1] += caught ? 1 : 0;
      if (!caught) {
        missed++;
        if (showMisses) {
          System.out.println("  missed " + c.family() + ": " + c.text() + "\n    -> " + out);
        }
      }
    }
    return new Result(cases, missed, byFamily);
  }

  private static double falsePositives(List<String> notes, boolean showChanges, String part) {
    List<String> changed = new ArrayList<>();
    for (String n : notes) {
      String out = REDACTOR.redact(n).text();
      if (!out.equals(n)) {
        changed.add(n + "\n    -> " + out);
      }
    }
    double rate = 100.0 * changed.size() / notes.size();
    System.out.printf("ordinary notes, %s part: %d of %d changed (%.2f%%)%n", part, changed.size(), notes.size(), rate);
    if (showChanges) {
      changed.forEach(c -> System.out.println("  changed " + c));
    }
    return rate;
  }
}
