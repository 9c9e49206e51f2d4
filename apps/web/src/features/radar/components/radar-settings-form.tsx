import {
  RADAR_QUADRANT_NAME_MAX,
  updateRadarSettingsSchema,
  type RadarSettings,
  type UpdateRadarSettings,
} from '@stackyard/contracts/radar';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FieldError, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { checkedRequest, useCheckedForm } from '@/lib/use-checked-form';
import { useUpdateRadarSettings } from '../api/radar';

type Props = { workspaceId: string; settings: RadarSettings };

// The PUT body is the fields as typed.
const radarChecks = checkedRequest(updateRadarSettingsSchema, (values: UpdateRadarSettings) => values);

/** The owner's and admins' form: the ring of accepted tools, the quadrants' names and each category's quadrant. */
export function RadarSettingsForm({ workspaceId, settings }: Props) {
  const form = useCheckedForm(radarChecks, {
    accepted_ring: settings.accepted_ring,
    quadrants: settings.quadrants,
    default_quadrant: settings.default_quadrant,
    categories: settings.categories,
  });
  const { quadrants, categories } = form.values;
  const update = useUpdateRadarSettings(workspaceId);

  const submit = form.handleSubmit(async (request) => {
    await update.mutateAsync(request);
  });

  // Named as their messages are kept, so a submit can focus the first one at fault.
  const quadrantSelect = (name: string, value: number, onChange: (quadrant: number) => void) => (
    <Select
      name={name}
      value={value}
      onChange={(event) => onChange(Number(event.target.value))}
      choices={quadrants.map((name, index) => ({ id: String(index), name: name || `Quadrant ${index + 1}` }))}
    />
  );

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" aria-label="Radar settings">
      <FormField label="Ring for accepted tools" error={form.errors.accepted_ring}>
        <Select {...form.field('accepted_ring')}>
          <option value="trial">Trial</option>
          <option value="assess">Assess</option>
        </Select>
      </FormField>
      <div className="grid gap-3 sm:grid-cols-2">
        {quadrants.map((_, index) => (
          <FormField
            key={index}
            label={`Quadrant ${index + 1} name`}
            error={form.errors[`quadrants.${index}`]}
          >
            <Input maxLength={RADAR_QUADRANT_NAME_MAX} {...form.item('quadrants', index)} />
          </FormField>
        ))}
      </div>
      <FormField
        label="Quadrant for other categories"
        hint="Tools without a category, or of one not listed below."
        error={form.errors.default_quadrant}
      >
        {quadrantSelect('default_quadrant', form.values.default_quadrant, (quadrant) =>
          form.setValue('default_quadrant', quadrant),
        )}
      </FormField>
      {categories.length > 0 ? (
        <fieldset className="flex flex-col gap-2">
          <legend className="text-sm font-medium text-zinc-900">Quadrant of each category</legend>
          {categories.map((entry, index) => (
            <FormField key={entry.category} label={entry.category} error={form.errors[`categories.${index}`]}>
              {quadrantSelect(`categories.${index}`, entry.quadrant, (quadrant) =>
                form.setValue(
                  'categories',
                  categories.map((old) => (old.category === entry.category ? { ...old, quadrant } : old)),
                ),
              )}
            </FormField>
          ))}
          <FieldError error={form.errors.categories} />
        </fieldset>
      ) : null}
      {update.error ? <Alert>{update.error.message}</Alert> : null}
      {update.isSuccess ? <Alert tone="success">Radar settings saved.</Alert> : null}
      <Button type="submit" disabled={update.isPending} className="self-start">
        Save radar settings
      </Button>
    </form>
  );
}
