/** A person's name and sex, as the editors' forms and a member's correction ask for them. */
export function NameFields({ values }: { values?: { givenNames: string; surname: string; birthSurname: string | null; sex: string } }) {
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor="givenNames" className="field-label">
            Vardas (vardai)
          </label>
          <input id="givenNames" name="givenNames" defaultValue={values?.givenNames} maxLength={120} className="field-input" />
        </div>
        <div>
          <label htmlFor="surname" className="field-label">
            Pavardė
          </label>
          <input id="surname" name="surname" defaultValue={values?.surname} maxLength={120} className="field-input" />
        </div>
        <div>
          <label htmlFor="birthSurname" className="field-label">
            Mergautinė (gimimo) pavardė
          </label>
          <input id="birthSurname" name="birthSurname" defaultValue={values?.birthSurname ?? ""} maxLength={120} className="field-input" />
        </div>
        <div>
          <SexSelect id="sex" defaultValue={values?.sex ?? "U"} />
        </div>
      </div>
    </>
  );
}

/** A person's sex, as every form of the site asks for it. */
export function SexSelect({ id, defaultValue }: { id: string; defaultValue: string }) {
  return (
    <>
      <label htmlFor={id} className="field-label">
        Lytis
      </label>
      <select id={id} name="sex" defaultValue={defaultValue} className="field-input">
        <option value="U">Nenurodyta</option>
        <option value="M">Vyras</option>
        <option value="F">Moteris</option>
        <option value="X">Kita</option>
      </select>
    </>
  );
}
