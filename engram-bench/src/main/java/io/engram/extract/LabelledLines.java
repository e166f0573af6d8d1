package io.engram.extract;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.IntFunction;

/**
 * A labelled set written as JSON Lines, as the lab's sets of turns and corrections are: one item a line, blank lines
 * skipped; a line that is no JSON or no item fails the whole read, named by its number.
 */
final class LabelledLines {
  private static final ObjectMapper JSON = new ObjectMapper();

  private LabelledLines() {}

  /**
   * The items of {@code in}, each line made one by {@code item}; a line that fails is reported as {@code where} of its
   * number (counted from 1) followed by what went wrong.
   */
  static <T> List<T> read(Reader in, Function<JsonNode, T> item, IntFunction<String> where) throws IOException {
    List<T> items = new ArrayList<>();
    BufferedReader r = new BufferedReader(in);
    String line;
    int n = 0;
    while ((line = r.readLine()) != null) {
      n++;
      if (line.isBlank()) {
        continue;
      }
      try {
        items.add(item.apply(JSON.readTree(line)));
      } catch (IOException | RuntimeException e) {
        throw new IOException(where.apply(n) + e.getMessage(), e);
      }
    }
    return items;
  }
}
