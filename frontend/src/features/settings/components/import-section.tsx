import { SettingsLinkCard } from './settings-card';

/** Data & Privacy › Import: the way to the import page, beside the CSV export. */
export function ImportSection() {
  return (
    <SettingsLinkCard
      titleId="import-title"
      title="settings.import.title"
      lead="settings.import.body"
      testId="import-section"
      to="/dashboard/import"
      label="settings.import.button"
      variant="primary"
      linkTestId="settings-import-link"
    />
  );
}
