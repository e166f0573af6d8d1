package io.engram.testing;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.core.importer.ClassFileImporter;
import io.engram.testing.cyclic.left.Left;
import io.engram.testing.cyclic.right.Right;
import org.junit.jupiter.api.Test;

class PackageCyclesTest {
  @Test
  void aCycleClosedThroughAnAnnotationIsFoundAndNamed() {
    var classes = new ClassFileImporter().importClasses(Left.class, Right.class, Right.Lists.class);

    assertThatThrownBy(() -> PackageCycles.assertNone(classes)).isInstanceOf(AssertionError.class)
        .hasMessageContaining("io.engram.testing.cyclic.left").hasMessageContaining("io.engram.testing.cyclic.right");
  }

  @Test
  void packagesThatDependOneWayPass() {
    var classes = new ClassFileImporter().importClasses(Right.class, Right.Lists.class, PackageCycles.class);

    assertThatCode(() -> PackageCycles.assertNone(classes)).doesNotThrowAnyException();
  }
}
