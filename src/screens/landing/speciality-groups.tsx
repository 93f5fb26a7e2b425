import type { CategoryGroup } from '@/machines/speciality-catalog.machine';

export function SpecialityGroups({ groups }: { groups: CategoryGroup[] }) {
  return (
    <div className="catalog__groups">
      {groups.map(({ category, specialities }) => (
        <section key={category.id} className="category" aria-labelledby={`category-${category.id}`}>
          <h3 id={`category-${category.id}`}>{category.name}</h3>
          {category.description && <p className="category__description">{category.description}</p>}
          <ul className="speciality-list">
            {specialities.map((speciality) => (
              <li key={speciality.id} className="speciality-card">
                <h4 className="speciality-card__name">{speciality.name}</h4>
                <p className="speciality-card__description">{speciality.description}</p>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
