package io.engram.extract;

import io.engram.config.EngramSettings;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The offline extractor: deterministic rules for explicit requests, corrections, confirmations,
 * project facts, references and user background, in English and Chinese.
 *
 * <p>Provenance is kept on every candidate. Tool output is untrusted: it can point at an outside
 * system (a reference) but never becomes a rule for the agent, a user fact or a project fact, because
 * what a file says the code already says, and text in a file must not pose as an instruction.
 * Sentences holding secrets are skipped. At most {@code maxMemoriesPerTurn} candidates come from one
 * turn, the most confident first.
 */
public final class RuleBasedExtractor implements Extractor {
  private static final double TOOL_CONFIDENCE_FACTOR = 0.5;

  private final EngramSettings.Extraction settings;

  /** An extractor with the given per-turn cap. */
  public RuleBasedExtractor(EngramSettings.Extraction settings) {
    this.settings = Objects.requireNonNull(settings, "settings");
  }

  /** An extractor with the default per-turn cap. */
  public RuleBasedExtractor() {
    this(EngramSettings.Extraction.DEFAULTS);
  }

  @Override
  public List<MemoryCandidate> extract(List<TurnText> turns, List<ExistingMemory> existing) {
    Objects.requireNonNull(turns, "turns");
    Objects.requireNonNull(existing, "existing");
    if (!settings.enabled()) {
      return List.of();
    }
    Map<String, MemoryCandidate> byName = new LinkedHashMap<>();
    Optional<String> previousAssistant = Optional.empty();
    for (int i = 0; i < turns.size(); i++) {
      TurnText turn = turns.get(i);
      if (turn.role() == TurnRole.ASSISTANT) {
        previousAssistant = Optional.of(turn.text());
        continue;
      }
      if (!turn.memoryWritten()) {
        for (MemoryCandidate c : fromTurn(i, turn, turn.role() == TurnRole.USER ? previousAssistant : Optional.empty())) {
          byName.merge(c.name(), c, (a, b) -> a.provenance().confidence() >= b.provenance().confidence() ? a : b);
        }
      }
      if (turn.role() == TurnRole.USER) {
        previousAssistant = Optional.empty();
      }
    }
    List<MemoryCandidate> out = new ArrayList<>();
    for (MemoryCandidate c : byName.values()) {
      Optional<String> same =
          Similarity.match(c.name(), c.provenance().evidence().quote() + " " + c.description(), existing);
      out.add(same.map(c::asUpdateOf).orElse(c));
    }
    return List.copyOf(out);
  }

  private List<MemoryCandidate> fromTurn(int index, TurnText turn, Optional<String> previousAssistant) {
    boolean fromTool = turn.role() == TurnRole.TOOL_OUTPUT;
    List<MemoryCandidate> found = new ArrayList<>();
    for (Sentence s : Sentences.of(turn.text())) {
      for (Draft d : SentenceRules.read(s.text(), previousAssistant)) {
        if (fromTool && d.type() != CandidateType.REFERENCE) {
          continue;
        }
        found.add(
            new MemoryCandidate(
                CandidateAction.CREATE,
                d.name(),
                d.description(),
                d.type(),
                d.body(),
                new MemoryCandidate.Provenance(
                    fromTool ? CandidateSource.TOOL : CandidateSource.USER,
                    !fromTool,
                    new Evidence(index, s.start(), s.end(), s.text()),
                    fromTool ? d.confidence() * TOOL_CONFIDENCE_FACTOR : d.confidence())));
      }
    }
    if (found.size() <= settings.maxMemoriesPerTurn()) {
      return found;
    }
    return found.stream()
        .sorted(Comparator.comparingDouble((MemoryCandidate c) -> c.provenance().confidence()).reversed())
        .limit(settings.maxMemoriesPerTurn())
        .toList();
  }
}
