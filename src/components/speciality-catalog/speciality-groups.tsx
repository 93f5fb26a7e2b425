import { ScreenLink } from '@/components/screen-link';
import type { CategoryGroup } from '@/machines/speciality-catalog.machine';

/** Each speciality card leads to its quote (quotes with state specialityId, specification §2). */
export function SpecialityGroups({ groups, headingLevel = 3 }: { groups: CategoryGroup[]; headingLevel?: 2 | 3 }) {
  const CategoryHeading = headingLevel === 2 ? 'h2' : 'h3';
  const NameHeading = headingLevel === 2 ? 'h3' : 'h4';
  return (
    <div className="catalog__groups">
      {groups.map(({ category, specialities }) => (
        <section key={category.id} className="category" aria-labelledby={`category-${category.id}`}>
          <CategoryHeading id={`category-${category.id}`}>{category.name}</CategoryHeading>
          {category.description && <p className="category__description">{category.description}</p>}
          <ul className="speciality-list">
            {specialities.map((speciality) => (
              <li key={speciality.id} className="speciality-card" data-speciality-code={speciality.speiclaityRandomCode}>
                <NameHeading className="speciality-card__name">
                  <ScreenLink screen="quotes" state={{ specialityId: speciality.id }} className="speciality-card__link">
                    {speciality.name}
                  </ScreenLink>
                </NameHeading>
                <p className="speciality-card__description">{speciality.description}</p>
                <p className="speciality-card__action" aria-hidden="true">
                  Get a quote →
                </p>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
