import { useState, type FormEvent } from 'react';
import type { AcceptedRing, RadarSettings } from '@stackyard/contracts/radar';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useUpdateRadarSettings } from '../api/radar';

type Props = { workspaceId: string; settings: RadarSettings };

/** The owner's and admins' form: the ring of accepted tools, the quadrants' names and each category's quadrant. */
export function RadarSettingsForm({ workspaceId, settings }: Props) {
  const [acceptedRing, setAcceptedRing] = useState<AcceptedRing>(settings.accepted_ring);
  const [quadrants, setQuadrants] = useState(settings.quadrants);
  const [defaultQuadrant, setDefaultQuadrant] = useState(settings.default_quadrant);
  const [categories, setCategories] = useState(settings.categories);
  const update = useUpdateRadarSettings(workspaceId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({
      accepted_ring: acceptedRing,
      quadrants,
      default_quadrant: defaultQuadrant,
      categories,
    });
  };

  const quadrantSelect = (value: number, onChange: (quadrant: number) => void) => (
    <Select
      value={value}
      onChange={(event) => onChange(Number(event.target.value))}
      choices={quadrants.map((name, index) => ({ id: String(index), name: name || `Quadrant ${index + 1}` }))}
    />
  );

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" aria-label="Radar settings">
      <FormField label="Ring for accepted tools">
        <Select
          value={acceptedRing}
          onChange={(event) => setAcceptedRing(event.target.value === 'assess' ? 'assess' : 'trial')}
        >
          <option value="trial">Trial</option>
          <option value="assess">Assess</option>
        </Select>
      </FormField>
      <div className="grid gap-3 sm:grid-cols-2">
        {quadrants.map((name, index) => (
          <FormField key={index} label={`Quadrant ${index + 1} name`}>
            <Input
              value={name}
              maxLength={40}
              onChange={(event) =>
                setQuadrants(quadrants.map((old, at) => (at === index ? event.target.value : old)))
              }
            />
          </FormField>
        ))}
      </div>
      <FormField
        label="Quadrant for other categories"
        hint="Tools without a category, or of one not listed below."
      >
        {quadrantSelect(defaultQuadrant, setDefaultQuadrant)}
      </FormField>
      {categories.length > 0 ? (
        <fieldset className="flex flex-col gap-2">
          <legend className="text-sm font-medium text-zinc-900">Quadrant of each category</legend>
          {categories.map((entry) => (
            <FormField key={entry.category} label={entry.category}>
              {quadrantSelect(entry.quadrant, (quadrant) =>
                setCategories(
                  categories.map((old) => (old.category === entry.category ? { ...old, quadrant } : old)),
                ),
              )}
            </FormField>
          ))}
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
