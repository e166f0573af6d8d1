package io.engram.cli.integration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.CharRange;
import net.jqwik.api.constraints.Chars;
import net.jqwik.api.constraints.Size;
import net.jqwik.api.constraints.StringLength;
import org.junit.jupiter.api.Test;

/** The secrets tests' search finds exactly what a search of each needle on its own finds. */
class NeedleIndexTest {

  @Property(tries = 300)
  void findsWhatEachNeedleSearchedAloneFinds(
      @ForAll @StringLength(max = 300) @Chars({'a', 'b', 'A', '-', ' '}) @CharRange(from = '0', to = '3') String text,
      @ForAll @Size(min = 1, max = 12) List<@StringLength(min = 1, max = 10) @Chars({'a', 'b', 'A', '-'})
          @CharRange(from = '0', to = '3') String> needles) {
    Set<String> expected = needles.stream().filter(n -> NeedleIndex.digitsOnly(n)
        ? Pattern.compile("(?<!\\d)" + n + "(?!\\d)").matcher(text).find() : text.contains(n)).collect(Collectors.toSet());

    assertThat(new NeedleIndex(needles).foundIn(text)).isEqualTo(expected);
  }

  @Test
  void aNumberIsFoundAloneAndNotInsideALongerOne() {
    NeedleIndex index = new NeedleIndex(List.of("4821", "pin-4821x"));

    assertThat(index.foundIn("the pin is 4821.")).containsExactly("4821");
    assertThat(index.foundIn("at 1764821000 and 48210")).isEmpty();
    assertThat(index.foundIn("pin-4821x")).containsExactlyInAnyOrder("pin-4821x", "4821");
    assertThat(index.foundIn("482")).isEmpty();
  }

  @Test
  void anEmptyNeedleIsRefused() {
    assertThatThrownBy(() -> new NeedleIndex(List.of("abc", ""))).isInstanceOf(IllegalArgumentException.class);
  }
}
