import { ScreenLink } from '@/components/screen-link';
import { IndicativePrice } from '@/components/speciality-catalog/indicative-price';
import type { CatalogPlace, CategoryGroup } from '@/machines/speciality-catalog.machine';

/**
 * Each speciality card leads to its quote (quotes with state specialityId, specification §2) and
 * says what cover costs at least, indicatively: in the place's state when it is known.
 */
export function SpecialityGroups({ groups, place }: { groups: CategoryGroup[]; place?: CatalogPlace | undefined }) {
  return (
    <div className="catalog__groups">
      {groups.map(({ category, specialities }) => (
        <section key={category.id} className="category" aria-labelledby={`category-${category.id}`}>
          <h3 id={`category-${category.id}`}>{category.name}</h3>
          {category.description && <p className="category__description">{category.description}</p>}
          <ul className="speciality-list">
            {specialities.map((speciality) => (
              <li
                key={speciality.id}
                className="speciality-card"
                data-speciality-code={speciality.speiclaityRandomCode}
              >
                <h4 className="speciality-card__name">
                  <ScreenLink
                    screen="questionlist"
                    state={{ specialityId: speciality.id }}
                    className="speciality-card__link"
                  >
                    {speciality.name}
                  </ScreenLink>
                </h4>
                <p className="speciality-card__description">{speciality.description}</p>
                <IndicativePrice speciality={speciality} place={place} />
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
