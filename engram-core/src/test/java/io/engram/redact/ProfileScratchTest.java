package io.engram.redact;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class ProfileScratchTest {
  @Test
  void profile() throws Exception {
    List<String> lines = new ArrayList<>();
    try (Stream<Path> s = Files.walk(Path.of("src/test/resources/transcripts"))) {
      for (Path p : s.filter(f -> f.toString().endsWith(".jsonl")).sorted().toList()) {
        lines.addAll(Files.readAllLines(p));
      }
    }
    String block = String.join("\n", lines);
    SecretRedactor r = SecretRedactor.standard();
    TreeMap<Long, String> times = new TreeMap<>();
    for (int round = 0; round < 2; round++) {
      long t0 = System.nanoTime();
      ScannedText scanned = r.scan(block);
      long scan = System.nanoTime() - t0;
      if (round == 1) times.put(scan, "scan");
      int i = 0;
      for (Detector d : r.detectors()) {
        long s0 = System.nanoTime();
        d.find(scanned, 0, new ArrayList<>());
        long dt = System.nanoTime() - s0;
        if (round == 1) times.put(dt * 1000 + (i++), d instanceof PatternRule p ? p.kind().label() + " " + p.pattern().pattern().substring(0, Math.min(50, p.pattern().pattern().length())) : d.getClass().getSimpleName());
      }
    }
    times.descendingMap().entrySet().stream().limit(25).forEach(e -> System.out.printf("%8.1f ms %s%n", e.getKey() / (e.getValue().equals("scan") ? 1e6 : 1e9), e.getValue()));
  }
}
