import { useState } from 'react';
import { Button, ComboBox, Input, Label, ListBox, ListBoxItem, Popover, Text } from 'react-aria-components';
import { useT } from '../../lib/i18n.tsx';
import { trpc } from '../../lib/trpc.ts';
import { useDebounced } from '../../lib/use-debounced.ts';
import type { TCompanyOption } from './upload-types.ts';

/**
 * Picks the policyholder a list belongs to. The server searches name, insurance number and the
 * policyholder's email (at most 20 hits), so the ComboBox shows its answer unfiltered.
 */
export function CompanyPicker({
  selected,
  onSelect,
  isDisabled = false,
}: {
  selected: TCompanyOption | null;
  onSelect: (company: TCompanyOption | null) => void;
  isDisabled?: boolean;
}) {
  const t = useT();
  const [inputValue, setInputValue] = useState(selected?.companyName ?? '');
  const term = useDebounced(inputValue.trim());
  const search = trpc.uploads.searchCompanies.useQuery({ query: term }, { placeholderData: (previous) => previous });
  const found = search.data ?? [];
  // The chosen company stays in the collection, or the ComboBox would forget it while searching.
  const items = selected && !found.some((company) => company.id === selected.id) ? [selected, ...found] : found;

  return (
    <ComboBox
      className="field company-combobox"
      items={items}
      inputValue={inputValue}
      onInputChange={setInputValue}
      selectedKey={selected?.id ?? null}
      onSelectionChange={(key) => {
        const company = items.find((item) => item.id === key) ?? null;
        // With input and selection both controlled, react-aria leaves the text to us and repeats
        // the current selection on blur; only a different company is a change.
        if (company) setInputValue(company.companyName);
        if (company?.id !== selected?.id) onSelect(company);
      }}
      menuTrigger="focus"
      allowsEmptyCollection
      isRequired
      isDisabled={isDisabled}
    >
      <Label>{t('admin_upload.company_label')}</Label>
      <div className="combobox-row">
        <Input className="input" placeholder={t('admin_upload.company_placeholder')} />
        <Button className="button button-secondary" aria-label={t('admin_upload.company_show_options')}>
          <span aria-hidden="true">▾</span>
        </Button>
      </div>
      <Text slot="description" className="hint">
        {t('admin_upload.company_description')}
      </Text>
      <Popover className="menu-popover">
        <ListBox
          className="menu company-listbox"
          renderEmptyState={() => (
            <p className="menu-item">
              {search.isFetching ? t('admin_upload.company_searching') : t('admin_upload.company_none')}
            </p>
          )}
        >
          {(company: TCompanyOption) => (
            <ListBoxItem id={company.id} textValue={company.companyName} className="menu-item company-option">
              <strong>{company.companyName}</strong>
              <small>
                {[
                  company.insuranceNumber,
                  company.ownerEmail,
                  company.orderProcessing ? null : t('admin_upload.company_option_avv_missing'),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </small>
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
