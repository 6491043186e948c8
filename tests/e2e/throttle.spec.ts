import { expect, test } from "@playwright/test";
import { logIn, toasts, useSite } from "./site.ts";

// Its own server: five failures block the test machine's address for 15 minutes.
const site = useSite();

test("after 5 wrong attempts even the right password is refused, with a Lithuanian message", async ({ page }) => {
  for (let i = 1; i <= 5; i++) {
    await logIn(page, site(), `blogas-${i}`);
    await expect(toasts(page).getByText("Neteisingas vartotojo vardas arba slaptažodis").last()).toBeVisible();
  }
  await logIn(page, site());
  await expect(toasts(page).getByText("Per daug nesėkmingų bandymų prisijungti")).toBeVisible();
  await expect(toasts(page).getByText(/Bandykite dar kartą po 1[45] min\./)).toBeVisible();
  await expect(page).toHaveURL(`${site().url}/login`);
  await page.goto(`${site().url}/admin`);
  await expect(page).toHaveURL(`${site().url}/login`);
});
