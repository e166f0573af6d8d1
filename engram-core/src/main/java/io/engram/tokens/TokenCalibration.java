package io.engram.tokens;

import io.engram.transcript.Segment;
import io.engram.transcript.Transcript;
import io.engram.transcript.TranscriptMessage;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Measures how far a token estimate is from a model's real prompt sizes, and fits a correction.
 *
 * <p>Each model request in a transcript records its real prompt size ({@code input_tokens +
 * cache_read_input_tokens + cache_creation_input_tokens}). The prompt was the fixed part the
 * transcript does not show (system prompt, tool definitions, instruction files) plus every earlier
 * message of the current segment (after a compaction: the summary onwards). So {@code real ≈
 * overhead + factor × estimate(prefix)}: the slope is the correction factor for the counter, and
 * the intercept, one per session and model because each session has its own tools and files,
 * absorbs the unseen fixed part.
 */
public final class TokenCalibration {
  private TokenCalibration() {}

  /**
   * One request.
   *
   * @param group the session and model it belongs to: requests of one group share one unseen overhead
   * @param model the model that answered
   * @param estimated the counter's estimate of the visible prefix
   * @param actual the prompt tokens the provider recorded
   */
  public record Sample(String group, String model, long estimated, long actual) {}

  /**
   * A fitted correction and its errors, as mean absolute percentage error of the prompt size.
   *
   * @param factor multiply estimates by this (the slope shared by every group)
   * @param overheads per group, the tokens the transcript does not show (the group's intercept)
   * @param samples how many requests were fitted
   * @param errorRaw error of the bare estimate (no overhead, factor 1)
   * @param errorOverheadOnly error of estimate + each group's best constant overhead at factor 1
   * @param errorCalibrated error of overhead + factor × estimate
   */
  public record Fit(
      double factor,
      Map<String, Double> overheads,
      int samples,
      double errorRaw,
      double errorOverheadOnly,
      double errorCalibrated) {
    public Fit {
      overheads = Map.copyOf(overheads);
    }
  }

  /**
   * The requests of {@code transcript}'s main line, each with the estimate of what preceded it in its
   * segment. A response split over several records (one per content block) counts once.
   */
  public static List<Sample> samples(Transcript transcript, TokenCounter counter) {
    List<Sample> samples = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    for (Segment segment : transcript.segments()) {
      long prefix = 0;
      for (TranscriptMessage m : segment.messages()) {
        if (m.isSidechain()) {
          continue;
        }
        if (m.usage().isPresent() && m.requestId().isPresent() && seen.add(m.requestId().get())) {
          String model = m.model().orElse("");
          samples.add(new Sample(transcript.sessionId() + "/" + model, model, prefix,
              m.usage().get().promptTokens()));
        }
        prefix += counter.count(m.promptText());
      }
    }
    return List.copyOf(samples);
  }

  /**
   * Fits {@code actual ≈ overhead(group) + factor × estimated} by least squares with one intercept per
   * group and one shared slope (the within-group regression).
   *
   * @throws IllegalArgumentException with fewer than two samples or no spread within any group
   */
  public static Fit fit(List<Sample> samples) {
    if (samples.size() < 2) {
      throw new IllegalArgumentException("need at least two samples to fit, got " + samples.size());
    }
    Map<String, List<Sample>> groups = new TreeMap<>();
    samples.forEach(s -> groups.computeIfAbsent(s.group(), k -> new ArrayList<>()).add(s));
    Map<String, double[]> means = new HashMap<>();
    double sxy = 0;
    double sxx = 0;
    for (Map.Entry<String, List<Sample>> g : groups.entrySet()) {
      double mx = g.getValue().stream().mapToDouble(Sample::estimated).average().orElseThrow();
      double my = g.getValue().stream().mapToDouble(Sample::actual).average().orElseThrow();
      means.put(g.getKey(), new double[] {mx, my});
      for (Sample s : g.getValue()) {
        sxy += (s.estimated() - mx) * (s.actual() - my);
        sxx += (s.estimated() - mx) * (s.estimated() - mx);
      }
    }
    if (sxx == 0) {
      throw new IllegalArgumentException("no group has two different estimates; cannot fit a slope");
    }
    double factor = sxy / sxx;
    Map<String, Double> overheads = new TreeMap<>();
    Map<String, Double> shifts = new TreeMap<>();
    means.forEach((group, m) -> {
      overheads.put(group, m[1] - factor * m[0]);
      shifts.put(group, m[1] - m[0]);
    });
    return new Fit(
        factor,
        overheads,
        samples.size(),
        error(samples, Map.of(), 1),
        error(samples, shifts, 1),
        error(samples, overheads, factor));
  }

  /**
   * Mean absolute percentage error of {@code overhead(group) + factor × estimated} against the actual;
   * a group without an overhead gets 0.
   */
  public static double error(List<Sample> samples, Map<String, Double> overheads, double factor) {
    return samples.stream()
        .filter(s -> s.actual() > 0)
        .mapToDouble(s -> Math.abs(overheads.getOrDefault(s.group(), 0.0) + factor * s.estimated()
            - s.actual()) / s.actual())
        .average()
        .orElse(0)
        * 100;
  }
}
