from oauth2_provider.oauth2_validators import OAuth2Validator


class Validator(OAuth2Validator):
    """DOT's validator, with the signed-in user's email in the id_token (scope email)."""

    def get_additional_claims(self, request):
        return {"email": request.user.email, "email_verified": True,
                "preferred_username": request.user.username}
