package io.engram.testing;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.jar.JarFile;

/**
 * The rule every module's architecture test applies to its own main classes: no two of its packages depend on
 * each other, directly or through others. Each package is a slice of its own ({@code io.engram} itself too; a
 * package and its subpackages are two slices), and dependencies through annotations count: picocli's
 * {@code subcommands = {...}} ties a command's package to its subcommands' as an import does.
 */
public final class PackageCycles {
  /** Every Engram package a slice of its own; other classes in none. */
  private static final SliceAssignment EACH_PACKAGE = new SliceAssignment() {
    @Override
    public SliceIdentifier getIdentifierOf(JavaClass c) {
      String name = c.getPackageName();
      return name.equals("io.engram") || name.startsWith("io.engram.") ? SliceIdentifier.of(name)
          : SliceIdentifier.ignore();
    }

    @Override
    public String getDescription() {
      return "each Engram package";
    }
  };

  private static final Map<Class<?>, JavaClasses> IMPORTED = new ConcurrentHashMap<>();

  private PackageCycles() {}

  /**
   * Fails, naming each cycle, when packages of the module that holds {@code member} depend on each other in a cycle:
   * the main classes where {@code member} was loaded from (the module's {@code target/classes}, or its jar in a
   * build that packaged it); other modules, libraries and tests are left out.
   */
  public static void assertNoneInModuleOf(Class<?> member) {
    assertNone(mainClassesBeside(member));
  }

  /** Fails, naming each cycle, when Engram packages of {@code classes} depend on each other in a cycle. */
  public static void assertNone(JavaClasses classes) {
    slices().assignedFrom(EACH_PACKAGE).should().beFreeOfCycles().check(classes);
  }

  /**
   * The main classes of the module {@code member} was loaded from (its {@code target/classes}, or its jar), imported
   * once per test JVM: every rule of a module's architecture test checks the same classes, and importing them is
   * the slow part.
   */
  static JavaClasses mainClassesBeside(Class<?> member) {
    return IMPORTED.computeIfAbsent(member, PackageCycles::importMainClassesBeside);
  }

  private static JavaClasses importMainClassesBeside(Class<?> member) {
    Path where;
    try {
      where = Path.of(member.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException("no file location for " + member, e);
    }
    JavaClasses imported;
    if (Files.isDirectory(where)) {
      imported = new ClassFileImporter().importPath(where);
    } else {
      try (JarFile jar = new JarFile(where.toFile())) {
        imported = new ClassFileImporter().importJar(jar);
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read " + where, e);
      }
    }
    // A rule over no classes passes whatever it says.
    assertThat(imported.contain(member)).as("%s among the classes imported from %s", member, where).isTrue();
    return imported;
  }
}
