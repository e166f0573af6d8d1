package io.engram.bench;

import io.engram.recall.Embedder;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Embeds each distinct text once across all the thresholds tried. */
final class CachingEmbedder implements Embedder {
  private final Embedder model;
  private final Map<String, float[]> cache = new HashMap<>();

  CachingEmbedder(Embedder model) {
    this.model = model;
  }

  @Override
  public float[] embed(String text) {
    return cache.computeIfAbsent(text, model::embed);
  }

  @Override
  public List<float[]> embedAll(List<String> texts) {
    List<String> missing = texts.stream().filter(t -> !cache.containsKey(t)).distinct().toList();
    List<float[]> v = model.embedAll(missing);
    for (int i = 0; i < missing.size(); i++) {
      cache.put(missing.get(i), v.get(i));
    }
    return texts.stream().map(cache::get).toList();
  }

  @Override
  public int dimension() {
    return model.dimension();
  }

  @Override
  public String name() {
    return model.name();
  }
}
