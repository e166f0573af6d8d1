package io.engram.extract;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The baseline the benchmark compares against: every user sentence with a memory keyword becomes a
 * feedback memory. It is what a "grep for remember" extractor would do.
 */
final class KeywordBaselineExtractor implements Extractor {
  // The baseline's description is the sentence's first 100 characters, as a keyword dump shows it; a baseline keeps
  // its shape, so its figures compare from one run to the next.
  private static final int DESCRIPTION_CHARS = 100;
  // The baseline ranks nothing: every sentence it keeps has the same confidence, halfway.
  private static final double CONFIDENCE = 0.5;
  private static final Pattern KEYWORD =
      Pattern.compile("(?i)\\b(remember|always|never|don'?t|from now on|note that)\\b|记住|以后|不要|别忘了|下次");

  @Override
  public List<MemoryCandidate> extract(List<TurnText> turns, List<ExistingMemory> existing) {
    List<MemoryCandidate> out = new ArrayList<>();
    for (int i = 0; i < turns.size(); i++) {
      if (turns.get(i).role() != TurnRole.USER) {
        continue;
      }
      for (Sentence s : Sentences.of(turns.get(i).text())) {
        if (KEYWORD.matcher(s.text()).find()) {
          out.add(
              new MemoryCandidate(
                  CandidateAction.CREATE,
                  Terms.slug("", s.text(), 5),
                  Terms.clip(s.text(), DESCRIPTION_CHARS),
                  CandidateType.FEEDBACK,
                  s.text(),
                  new MemoryCandidate.Provenance(
                      CandidateSource.USER, true, new Evidence(i, s.start(), s.end(), s.text()), CONFIDENCE)));
        }
      }
    }
    return out;
  }
}
