package io.engram.config;

/**
 * A section of the settings (a record of {@link Setting}-declared components, or of such sections): what every
 * section can do with its declarations.
 *
 * @param <S> the section's own record type
 */
public interface SettingsSection<S extends Record & SettingsSection<S>> {
  /**
   * These settings with the component {@code name} set to {@code value} (a number of any boxed type for a number),
   * checked against its declared range.
   *
   * @throws IllegalArgumentException if the section has no such component, or the value does not fit it
   */
  @SuppressWarnings("unchecked")
  default S with(String name, Object value) {
    return SettingDeclarations.with((S) this, name, value);
  }
}
