package io.engram.bench.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** One column of a data folder's tab-separated file with a header line (a split, an index), by id. */
public final class TsvColumn {
  private TsvColumn() {}

  /**
   * The column the header names, else the one at {@code at} (none when negative), keyed by each line's first column;
   * empty when the file is absent.
   */
  public static Map<String, String> byId(Path file, String name, int at) throws IOException {
    Map<String, String> values = new LinkedHashMap<>();
    if (!Files.isRegularFile(file)) {
      return values;
    }
    List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    if (lines.isEmpty()) {
      return values;
    }
    int col = List.of(lines.get(0).split("\t")).indexOf(name);
    col = col >= 0 ? col : at;
    for (String line : lines.subList(1, lines.size())) {
      String[] cols = line.split("\t");
      if (col >= 0 && cols.length > col) {
        values.put(cols[0], cols[col]);
      }
    }
    return values;
  }
}
